import { type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "brand",
  // Shade 7 keeps white text on filled buttons above WCAG AA contrast (5.2:1).
  primaryShade: 7,
  colors: {
    brand: [
      "#fff7ed",
      "#ffedd5",
      "#fed7aa",
      "#fdba74",
      "#fb923c",
      "#f97316",
      "#ea580c",
      "#c2410c",
      "#9a3412",
      "#7c2d12",
    ],
  },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "750" },
  defaultRadius: "md",
  breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
  // A visitor whose system asks for reduced motion gets drawers, menus and dialogs without their
  // slide and fade (WCAG 2.3.3), as global.css already does for smooth scrolling.
  respectReducedMotion: true,
});

/**
 * Mantine's default dimmed grey and error red (red.6, also the text of an invalid input) fail AA
 * contrast on white; darker shades pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#495057", "--mantine-color-error": "var(--mantine-color-red-8)" },
  dark: {},
});
