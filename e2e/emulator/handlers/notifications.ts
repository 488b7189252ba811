import type { Endpoint } from '../endpoint'

export const getUnreadCount: Endpoint = {
  kind: 'query',
  inputs: () => ({}),
  handle: (ctx) => ({ unread: ctx.state.unreadNotifications[ctx.me.id] ?? 0 }),
}
