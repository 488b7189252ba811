// The task after the next frame: a callback of requestAnimationFrame runs just before that frame is
// painted, a timer set from it runs after. Where no frames are drawn (a test's DOM without them), a timer.
// Returns a function that cancels it.
export const afterNextPaint = (run: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
