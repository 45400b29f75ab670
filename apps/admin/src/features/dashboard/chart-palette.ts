/** The farm's palette for charts (SPEC 9: the pie uses five colours; bar and line use four). */
export const PIE_COLOURS = ['#3f5a2a', '#c8962b', '#b8643c', '#8fa874', '#6e5237'] as const;
export const BAR_COLOURS = ['#3f5a2a', '#c8962b', '#8fa874', '#b8643c'] as const;
export const LINE_COLOURS = ['#3f5a2a', '#c8962b', '#8fa874', '#b8643c'] as const;
/** Charts animate once, when they first scroll into view. */
export const CHART_ANIMATION_MS = 700;
