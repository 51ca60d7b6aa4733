/** Inlines an SVG as a data URI, so built-in logos need no asset hosting. */
export const svgDataUri = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.replace(/\s*\n\s*/g, ' ').trim())}`;

/** A rounded square with a glyph: the placeholder style of built-in logos without a brand mark. */
export const badgeLogo = (background: string, glyph: string, foreground = '#FFFFFF') =>
  svgDataUri(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="7" fill="${background}"/>
    <text x="16" y="21.5" font-family="Helvetica, Arial, sans-serif" font-size="${glyph.length > 1 ? 10 : 16}" font-weight="700"
      text-anchor="middle" fill="${foreground}">${glyph}</text>
  </svg>`);
