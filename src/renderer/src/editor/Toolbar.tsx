import type { Editor } from '@tiptap/core'
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react'
import { DEFAULT_HIGHLIGHT } from './extensions/highlight'
import { HIGHLIGHT_COLOURS, type HighlightColour } from './operately-types'
import { useToolbarState } from './use-toolbar-state'
import { icons } from './toolbar-icons'
import { isMac } from './platform'

/** "Mod-Shift-x" as aria-keyshortcuts wants it and as a person reads it in a tooltip. */
function describeShortcut(shortcut: string): { aria: string; human: string } {
  const parts = shortcut.split('-').map((part) => (part === '' ? '-' : part))
  // "Mod-Alt--" splits into [..., '', ''], which the map above turns into two dashes: keep one.
  const keys = parts.filter((part, index) => !(part === '-' && parts[index - 1] === '-'))
  const aria = keys
    .map((key) => (key === 'Mod' ? (isMac ? 'Meta' : 'Control') : key.length === 1 ? key.toUpperCase() : key))
    .join('+')
  const human = keys
    .map((key) => {
      if (key === 'Mod') return isMac ? '⌘' : 'Ctrl'
      if (key === 'Shift') return isMac ? '⇧' : 'Shift'
      if (key === 'Alt') return isMac ? '⌥' : 'Alt'
      return key.length === 1 ? key.toUpperCase() : key
    })
    .join(isMac ? '' : '+')
  return { aria, human }
}

const COLOUR_NAMES: Record<HighlightColour, string> = {
  textYellow: 'Yellow text',
  textOrange: 'Orange text',
  textRed: 'Red text',
  textPurple: 'Purple text',
  textBlue: 'Blue text',
  textGreen: 'Green text',
  bgYellow: 'Yellow background',
  bgOrange: 'Orange background',
  bgRed: 'Red background',
  bgPurple: 'Purple background',
  bgBlue: 'Blue background',
  bgGreen: 'Green background',
  bgGray: 'Gray background',
}

interface ToolbarItem {
  key: string
  label: string
  content: ReactNode
  /** Toggle buttons report their state; one-off actions (undo, divider, colour menu) have none. */
  pressed?: boolean
  disabled?: boolean
  shortcut?: string
  run: () => void
  /** Starts a new visual group. */
  groupStart?: boolean
  popup?: { expanded: boolean; controls: string }
}

export interface ToolbarProps {
  editor: Editor
  /** id of the editing surface, for aria-controls. */
  editorId: string
  onOpenLink: () => void
}

/**
 * The formatting toolbar: one button per mark and block, with the ARIA toolbar pattern (one Tab stop,
 * arrow keys, Home and End move between buttons). Buttons keep the editor's selection (no focus theft
 * on mouse down) and hand focus back to the text after acting.
 */
export function Toolbar({ editor, editorId, onOpenLink }: ToolbarProps) {
  const state = useToolbarState(editor)
  const [focusIndex, setFocusIndex] = useState(0)
  // Open palette, and which of its buttons gets focus when it opens (the colour in use, if any).
  const [palette, setPalette] = useState<{ focus: number } | null>(null)
  const [lastColour, setLastColour] = useState<HighlightColour>(DEFAULT_HIGHLIGHT)
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const paletteButtons = useRef<Array<HTMLButtonElement | null>>([])
  const paletteId = `${editorId}-highlight-colours`

  const chain = () => editor.chain().focus()
  const marksDisabled = !state.marksAllowed

  const items: ToolbarItem[] = [
    ...([1, 2, 3] as const).map((level): ToolbarItem => ({
      key: `h${level}`,
      // The name starts with what the button shows: a voice-control user says "click H1".
      label: `H${level} heading`,
      content: <span className="ot-toolbar__text">H{level}</span>,
      pressed: state.heading === level,
      shortcut: `Mod-Alt-${level}`,
      run: () => chain().toggleHeading({ level }).run(),
      groupStart: level === 1,
    })),
    {
      key: 'bold',
      label: 'Bold',
      content: <b className="ot-toolbar__text">B</b>,
      pressed: state.bold,
      disabled: marksDisabled,
      shortcut: 'Mod-b',
      run: () => chain().toggleBold().run(),
      groupStart: true,
    },
    {
      key: 'italic',
      label: 'Italic',
      content: <i className="ot-toolbar__text">I</i>,
      pressed: state.italic,
      disabled: marksDisabled,
      shortcut: 'Mod-i',
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: 'Underline',
      content: <u className="ot-toolbar__text">U</u>,
      pressed: state.underline,
      disabled: marksDisabled,
      shortcut: 'Mod-u',
      run: () => chain().toggleUnderline().run(),
    },
    {
      key: 'strike',
      label: 'Strikethrough',
      content: <s className="ot-toolbar__text">S</s>,
      pressed: state.strike,
      disabled: marksDisabled,
      shortcut: 'Mod-Shift-s',
      run: () => chain().toggleStrike().run(),
    },
    {
      key: 'code',
      label: 'Inline code',
      content: <code className="ot-toolbar__text">{'</>'}</code>,
      pressed: state.code,
      disabled: marksDisabled,
      shortcut: 'Mod-e',
      run: () => chain().toggleCode().run(),
    },
    {
      key: 'highlight',
      label: `Highlight (${COLOUR_NAMES[state.highlightColour ?? lastColour].toLowerCase()})`,
      content: icons.highlight,
      pressed: state.highlight,
      disabled: marksDisabled,
      shortcut: 'Mod-Shift-h',
      run: () =>
        state.highlight
          ? chain().unsetHighlight().run()
          : chain().setHighlight({ highlight: lastColour }).run(),
    },
    {
      key: 'highlight-colour',
      label: 'Highlight colour',
      content: icons.palette,
      disabled: marksDisabled,
      run: () =>
        setPalette((open) =>
          open
            ? null
            : { focus: state.highlightColour ? HIGHLIGHT_COLOURS.indexOf(state.highlightColour) : 0 },
        ),
      popup: { expanded: palette !== null, controls: paletteId },
    },
    {
      key: 'link',
      label: state.link ? 'Edit link' : 'Link',
      content: icons.link,
      pressed: state.link,
      disabled: marksDisabled,
      shortcut: 'Mod-k',
      run: onOpenLink,
    },
    {
      key: 'bulletList',
      label: 'Bulleted list',
      content: icons.bulletList,
      pressed: state.bulletList,
      shortcut: 'Mod-Shift-8',
      run: () => chain().toggleBulletList().run(),
      groupStart: true,
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      content: icons.orderedList,
      pressed: state.orderedList,
      shortcut: 'Mod-Shift-7',
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'blockquote',
      label: 'Quote',
      content: icons.blockquote,
      pressed: state.blockquote,
      shortcut: 'Mod-Shift-b',
      run: () => chain().toggleBlockquote().run(),
    },
    {
      key: 'codeBlock',
      label: 'Code block',
      content: icons.codeBlock,
      pressed: state.codeBlock,
      shortcut: 'Mod-Alt-c',
      run: () => chain().toggleCodeBlock().run(),
    },
    {
      key: 'horizontalRule',
      label: 'Divider line',
      content: icons.horizontalRule,
      shortcut: 'Mod-Alt--',
      run: () => chain().setHorizontalRule().run(),
    },
    {
      key: 'undo',
      label: 'Undo',
      content: icons.undo,
      disabled: !state.canUndo,
      shortcut: 'Mod-z',
      run: () => chain().undo().run(),
      groupStart: true,
    },
    {
      key: 'redo',
      label: 'Redo',
      content: icons.redo,
      disabled: !state.canRedo,
      shortcut: 'Mod-Shift-z',
      run: () => chain().redo().run(),
    },
  ]

  const moveFocus = (index: number) => {
    const next = (index + items.length) % items.length
    setFocusIndex(next)
    buttons.current[next]?.focus()
  }

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => moveFocus(focusIndex + 1),
      ArrowLeft: () => moveFocus(focusIndex - 1),
      Home: () => moveFocus(0),
      End: () => moveFocus(items.length - 1),
    }
    const action = keys[event.key]
    if (!action) return
    event.preventDefault()
    action()
  }

  useEffect(() => {
    if (palette) paletteButtons.current[palette.focus]?.focus()
  }, [palette])

  const closePalette = (focusButton: boolean) => {
    setPalette(null)
    if (focusButton) buttons.current[items.findIndex((item) => item.key === 'highlight-colour')]?.focus()
  }

  const chooseColour = (colour: HighlightColour | null) => {
    setPalette(null)
    if (colour === null) {
      chain().unsetHighlight().run()
      return
    }
    setLastColour(colour)
    chain().setHighlight({ highlight: colour }).run()
  }

  const onPaletteKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = HIGHLIGHT_COLOURS.length + 1
    const current = paletteButtons.current.findIndex((button) => button === document.activeElement)
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }
    if (event.key === 'Escape') {
      event.preventDefault()
      closePalette(true)
    } else if (event.key in moves) {
      event.preventDefault()
      paletteButtons.current[(current + (moves[event.key] as number) + count) % count]?.focus()
    }
  }

  return (
    <div className="ot-toolbar-area">
      <div
        className="ot-toolbar"
        role="toolbar"
        aria-label="Formatting"
        aria-controls={editorId}
        onKeyDown={onToolbarKeyDown}
      >
        {items.map((item, index) => {
          const shortcut = item.shortcut ? describeShortcut(item.shortcut) : null
          return (
            <button
              key={item.key}
              ref={(element) => {
                buttons.current[index] = element
              }}
              type="button"
              className={`ot-toolbar__button${item.groupStart && index > 0 ? ' ot-toolbar__button--group' : ''}`}
              tabIndex={index === focusIndex ? 0 : -1}
              aria-label={item.label}
              aria-pressed={item.pressed}
              aria-disabled={item.disabled || undefined}
              aria-keyshortcuts={shortcut?.aria}
              aria-haspopup={item.popup ? 'true' : undefined}
              aria-expanded={item.popup?.expanded}
              aria-controls={item.popup?.expanded ? item.popup.controls : undefined}
              title={shortcut ? `${item.label} (${shortcut.human})` : item.label}
              // Keep the text selection where it is: the command applies to it.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setFocusIndex(index)}
              onClick={() => {
                if (!item.disabled) item.run()
              }}
            >
              {item.content}
            </button>
          )
        })}
      </div>
      {palette && (
        <div
          id={paletteId}
          className="ot-palette"
          role="group"
          aria-label="Highlight colours"
          onKeyDown={onPaletteKeyDown}
          onBlur={(event: FocusEvent<HTMLDivElement>) => {
            // Tabbing or clicking away closes the palette; moving between its swatches does not.
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPalette(null)
          }}
        >
          {HIGHLIGHT_COLOURS.map((colour, index) => (
            <button
              key={colour}
              ref={(element) => {
                paletteButtons.current[index] = element
              }}
              type="button"
              className={`ot-palette__swatch ot-highlight ot-highlight--${colour}`}
              aria-label={COLOUR_NAMES[colour]}
              aria-pressed={state.highlightColour === colour}
              title={COLOUR_NAMES[colour]}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => chooseColour(colour)}
            >
              A
            </button>
          ))}
          <button
            ref={(element) => {
              paletteButtons.current[HIGHLIGHT_COLOURS.length] = element
            }}
            type="button"
            className="ot-palette__none"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => chooseColour(null)}
          >
            No highlight
          </button>
        </div>
      )}
    </div>
  )
}
