import { chromium } from 'playwright-core'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const html = (mode) => {
  let s = '<style>.c{contain:layout style paint} .auto .c{content-visibility:auto;contain-intrinsic-size:auto 2000px} .auto.shown .c{content-visibility:visible}</style><div id=e contenteditable class="' + mode + '">'
  for (let c = 0; c < 125; c++) { s += '<div class=c>'; for (let i = 0; i < 40; i++) s += '<p>Block ' + (c*40+i) + ' lorem ipsum dolor sit amet, <b>consectetur</b> adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p>'; s += '</div>' }
  return s + '</div>'
}
for (const mode of ['plain', 'auto', 'auto per', 'auto cont', 'plain', 'auto', 'auto per', 'auto cont']) {
  const p = await b.newPage({ viewport: { width: 380, height: 560 } })
  await p.setContent(html(mode))
  await p.waitForTimeout(1500)
  const r = await p.evaluate(async (mode) => {
    const e = document.getElementById('e')
    e.focus()
    const sel = getSelection()
    const first = e.querySelector('p').firstChild, last = e.lastElementChild.lastElementChild.firstChild
    const out = {}
    // warm: lay everything out once
    if (mode.startsWith('auto')) { for (const c of e.children) c.style.contentVisibility = 'visible'; e.offsetHeight; for (const c of e.children) c.style.contentVisibility = ''; e.offsetHeight; await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))) }
    sel.collapse(first, 3); await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))
    let t = performance.now()
    if (mode === 'auto per') for (const c of e.children) c.style.contentVisibility = 'visible'
    if (mode === 'auto cont') e.classList.add('shown')
    out.toggle = performance.now() - t
    t = performance.now(); sel.collapse(first, 0); out.collapse = performance.now() - t
    t = performance.now(); sel.extend(last, last.length); out.extend = performance.now() - t
    t = performance.now(); await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0))); out.frame = performance.now() - t
    out.sum = out.toggle + out.collapse + out.extend + out.frame
    return out
  }, mode)
  console.log(mode.padEnd(12), JSON.stringify(r, (k, v) => typeof v === 'number' ? Math.round(v) : v))
  await p.close()
}
await b.close()
