import { useEffect } from 'react'
import { useNavigation } from '../../app/navigation'
import { takePendingNavigation } from '../../bridge/assignments'

/**
 * Opens the check-in form a clicked reminder asked for. Main cannot call the page, so the page asks: when
 * it loads, whenever the window gains focus, and when it becomes visible (the popup is shown). Renders
 * nothing; mount it once inside the signed-in app.
 */
export function PendingNavigation() {
  const { navigate } = useNavigation()

  useEffect(() => {
    // One question at a time; a reason to ask that comes meanwhile asks once more afterwards, since the
    // click may have been recorded after the question under way was answered.
    let asking = false
    let askAgain = false
    let live = true
    const ask = () => {
      if (asking) {
        askAgain = true
        return
      }
      asking = true
      takePendingNavigation()
        .then(({ goalId }) => {
          // Handed out only once: act on it even if this effect was cleaned up meanwhile.
          if (goalId) navigate({ section: 'check-ins', goalId })
        })
        .catch((error: unknown) => {
          // Nothing for the user to do: the check-in the reminder was about is in the inbox, one click away.
          console.warn('Could not ask which check-in a reminder wanted to open', error)
        })
        .finally(() => {
          asking = false
          if (askAgain && live) {
            askAgain = false
            ask()
          }
        })
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') ask()
    }
    ask()
    window.addEventListener('focus', ask)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      live = false
      window.removeEventListener('focus', ask)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [navigate])

  return null
}
