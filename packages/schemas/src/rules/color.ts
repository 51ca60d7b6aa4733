/** Colour helpers for the brand colour: readable text on it, and a shade readable as text itself. */

export type Rgb = [number, number, number];

export const parseHexColor = (hex: string): Rgb | undefined => {
  const match = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(hex.trim());
  if (!match) {
    return undefined;
  }
  const digits = match[1]!;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as Rgb;
};

export const toHex = (rgb: Rgb): string =>
  `#${rgb.map((channel) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export const relativeLuminance = ([red, green, blue]: Rgb): number => {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
};

/** WCAG 2 contrast ratio, 1 to 21. */
export const contrastRatio = (first: Rgb, second: Rgb): number => {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

const black: Rgb = [0, 0, 0];
const white: Rgb = [255, 255, 255];

/** Black or white, whichever contrasts more with the background (e.g. the text of a brand-coloured button). */
export const readableTextColor = (background: string): '#000000' | '#ffffff' => {
  const rgb = parseHexColor(background);
  if (!rgb) {
    return '#ffffff';
  }
  return contrastRatio(rgb, black) >= contrastRatio(rgb, white) ? '#000000' : '#ffffff';
};

const mix = (from: Rgb, to: Rgb, amount: number): Rgb =>
  from.map((channel, index) => channel + (to[index]! - channel) * amount) as Rgb;

/**
 * The colour itself when it reaches `ratio` against the background, else the closest shade (mixed
 * towards black or white, whichever the background is not) that does: brand-coloured links stay
 * readable even when the brand colour is pale.
 */
export const ensureContrast = (color: string, background: string, ratio = 4.5): string => {
  const rgb = parseHexColor(color);
  const bg = parseHexColor(background);
  if (!rgb || !bg) {
    return color;
  }
  if (contrastRatio(rgb, bg) >= ratio) {
    return toHex(rgb);
  }
  const target = relativeLuminance(bg) > 0.5 ? black : white;
  for (let step = 1; step <= 20; step += 1) {
    const candidate = mix(rgb, target, step / 20);
    if (contrastRatio(candidate, bg) >= ratio) {
      return toHex(candidate);
    }
  }
  return toHex(target);
};

/** A slightly darker (or, on dark colours, lighter) shade for hover and pressed states. */
export const shade = (color: string, amount = 0.12): string => {
  const rgb = parseHexColor(color);
  if (!rgb) {
    return color;
  }
  return toHex(mix(rgb, relativeLuminance(rgb) > 0.2 ? black : white, amount));
};
