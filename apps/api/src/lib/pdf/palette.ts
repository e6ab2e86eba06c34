/** The colours of every PDF, from the web app's brand palette (brand.7 is the primary). */
export const PDF_COLORS = {
  brand: "#c2410c",
  brandDark: "#9a3412",
  brandLight: "#fdba74",
  brandPale: "#fff7ed",
  brandLine: "#fed7aa",
  text: "#1f2328",
  muted: "#4b5563",
  faint: "#6b7280",
  grid: "#e5e7eb",
  zebra: "#f9fafb",
  white: "#ffffff",
  black: "#000000",
};
