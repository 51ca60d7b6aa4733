/** Escapes LIKE wildcards so a search term from a client matches literally, as a substring. */
export const likePattern = (term: string) => `%${term.replaceAll(/[%_\\]/g, (char) => `\\${char}`)}%`;
