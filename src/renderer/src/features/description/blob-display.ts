/**
 * Attached images are stored on the Operately server and need the API token to load, which the popup
 * never holds (and its content security policy allows images only from the app itself). So every blob is
 * drawn as a file chip with its name and size instead of a broken image; the blob node itself travels
 * unchanged. One function for the whole app: RichTextView caches its schema per function.
 */
export const showBlobsAsFiles = (): null => null
