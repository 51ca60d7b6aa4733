/** Avatar colours (spec §9): 12 fixed colours, picked by the code point of the name's initial. */
export const avatarColors = [
  '#E5484D',
  '#F76B15',
  '#D6A600',
  '#46A758',
  '#12A594',
  '#0090FF',
  '#3E63DD',
  '#6E56CF',
  '#8E4EC6',
  '#D6409F',
  '#AD7F58',
  '#607D8B',
] as const;

/** The first character (a whole code point, so emoji and CJK work) in upper case, or '?' for an empty name. */
export const avatarInitial = (name: string | null | undefined): string => {
  const first = [...(name ?? '').trim()][0];
  return first ? first.toLocaleUpperCase('en') : '?';
};

export const avatarColor = (name: string | null | undefined): string => {
  const codePoint = avatarInitial(name).codePointAt(0) ?? 0;
  return avatarColors[codePoint % avatarColors.length]!;
};
