/**
 * An apostrophe of another kind than ’ (U+2019), the one every catalogue and message uses: the typewriter ' (U+0027),
 * the modifier letter ʼ (U+02BC), a grave accent ` or an acute ´ typed for one. Used by the checks of the catalogues
 * and of the texts the server sends.
 */
export const WRONG_APOSTROPHE = /['\u02BC`\u00B4]/u;
