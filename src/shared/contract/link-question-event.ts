/**
 * The one message main sends the page: "a navigation left a link question; take it". The preload turns
 * it into a DOM event of this name on window (it carries nothing), and the page calls app.takeLinkQuestion.
 * (Its own module: the page's first screen needs the name, not the contract's schemas and zod with them.)
 */
export const linkQuestionEvent = 'operately:link-question'
