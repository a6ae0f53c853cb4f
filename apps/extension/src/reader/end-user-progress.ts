/**
 * The key of the end user's progress in the site's sessionStorage: the snippet's (apps/embed `PROGRESS_KEY`), so that
 * a guide started by either resumes in the one reader of the page after a full page load. Its own module: the end
 * users' content script reads it without the reader's code.
 */
export const END_USER_PROGRESS_KEY = 'mulot:reader';
