import { mergeAttributes } from '@tiptap/core'
import { Mention as TiptapMention, type MentionNodeAttrs } from '@tiptap/extension-mention'
import type { SuggestionOptions } from '@tiptap/suggestion'

export interface MentionPerson {
  id: string
  label: string
}

export type MentionSuggestion = Omit<SuggestionOptions<MentionPerson, MentionNodeAttrs>, 'editor'>

function mentionText(attrs: Record<string, unknown>): string {
  const char = typeof attrs.mentionSuggestionChar === 'string' ? attrs.mentionSuggestionChar : '@'
  const name = typeof attrs.label === 'string' && attrs.label !== '' ? attrs.label : String(attrs.id ?? '')
  return `${char}${name}`
}

/**
 * Operately's `mention` node (`id`, `label`, `mentionSuggestionChar`): an inline atom drawn as an
 * "@Name" chip. The id is the person's id, so the server can notify and subscribe them. The suggestion
 * (the "@" people search) is only given to the editable editor.
 */
export function createMention(suggestion?: MentionSuggestion) {
  return TiptapMention.configure({
    HTMLAttributes: { class: 'ot-mention' },
    // Backspace after a mention removes the whole chip, as in Operately's web editor.
    deleteTriggerWithBackspace: true,
    renderText: ({ node }) => mentionText(node.attrs),
    renderHTML: ({ options, node }) => [
      'span',
      mergeAttributes(options.HTMLAttributes, {
        title: typeof node.attrs.label === 'string' ? node.attrs.label : null,
      }),
      mentionText(node.attrs),
    ],
    ...(suggestion ? { suggestion } : {}),
  })
}
