// The calendar's colour classes (document 3: 7 public colours, 1 staff colour). Light backgrounds with dark
// text, so every colour keeps a readable contrast; staff-only entries are grey with a dashed edge.
const COLOUR_NAMES = ['blue', 'teal', 'green', 'yellow', 'orange', 'red', 'grape', 'gray'] as const;

export const colourName = (index: number): string => COLOUR_NAMES[index] ?? 'blue';

export const entryStyle = (index: number) => {
  const name = colourName(index);
  return {
    background: `var(--mantine-color-${name}-1)`,
    // Dark text on every light background keeps WCAG AA contrast (the colour is the fill and the edge).
    color: 'var(--mantine-color-dark-9)',
    borderLeft: `3px ${index === 7 ? 'dashed' : 'solid'} var(--mantine-color-${name}-7)`,
  };
};

/** The swatch of a colour choice. */
export const swatchColour = (index: number): string => `var(--mantine-color-${colourName(index)}-6)`;
