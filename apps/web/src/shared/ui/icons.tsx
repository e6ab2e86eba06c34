import type { SVGProps } from "react";

// A handful of line icons (paths after Tabler Icons, MIT) instead of a whole icon package.
const paths = {
  chart: "M3 3v18h18M7 14l4-4 4 4 5-5",
  shield: "M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z M9 12l2 2 4-4",
  store: "M3 21h18M5 21V10M19 21V10M3 10l2-6h14l2 6M3 10a3 3 0 0 0 6 0a3 3 0 0 0 6 0a3 3 0 0 0 6 0",
  coin: "M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z M14.5 9a2.5 2 0 0 0-2.5-1.5h-.5a2 2 0 0 0 0 4h1a2 2 0 0 1 0 4h-.5a2.5 2 0 0 1-2.5-1.5 M12 6v1.5 M12 16.5V18",
  box: "M12 3l8 4.5v9L12 21l-8-4.5v-9z M12 12l8-4.5 M12 12v9 M12 12L4 7.5",
  network:
    "M12 5a2 2 0 1 0 0 .01 M5 19a2 2 0 1 0 0 .01 M19 19a2 2 0 1 0 0 .01 M12 7v5 M12 12l-6 5 M12 12l6 5",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
  mail: "M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z M3 7l9 6 9-6",
  help: "M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z M12 17v.01 M12 13.5a1.5 1.5 0 0 1 1-1.5 2.6 2.6 0 1 0-3-4",
  check: "M5 12l5 5L20 7",
  warning: "M12 4l9 16H3z M12 10v4 M12 17v.01",
  arrowUp: "M12 19V5 M6 11l6-6 6 6",
  arrowDown: "M12 5v14 M6 13l6 6 6-6",
  scan: "M4 7V5a1 1 0 0 1 1-1h2 M17 4h2a1 1 0 0 1 1 1v2 M20 17v2a1 1 0 0 1-1 1h-2 M7 20H5a1 1 0 0 1-1-1v-2 M4 12h16",
  menu: "M4 5h16v14H4z M8 9h8 M8 13h8 M8 17h4",
  clock: "M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z M12 7v5l3 3",
  gift: "M3 8h18v4H3z M12 8v13 M19 12v9H5v-9 M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5",
  user: "M12 3a4 4 0 1 0 0 8a4 4 0 0 0 0-8z M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2",
  users:
    "M9 3a4 4 0 1 0 0 8a4 4 0 0 0 0-8z M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2 M16 3.13a4 4 0 0 1 0 7.75 M21 21v-2a4 4 0 0 0-3-3.85",
  copy: "M8 8h12v12H8z M16 8V4H4v12h4",
  download: "M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2 M7 11l5 5 5-5 M12 4v12",
  search: "M10 3a7 7 0 1 0 0 14a7 7 0 0 0 0-14z M21 21l-6-6",
  // A stamp card: a card with two rows of stamp circles.
  card: "M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z M7 10a1 1 0 1 0 0 .01 M12 10a1 1 0 1 0 0 .01 M17 10a1 1 0 1 0 0 .01 M7 14a1 1 0 1 0 0 .01 M12 14a1 1 0 1 0 0 .01 M17 14a1 1 0 1 0 0 .01",
  // The account colour: a traffic light.
  status:
    "M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z M12 5.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 0 0 0-3z M12 10.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 0 0 0-3z M12 15.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 0 0 0-3z",
  link: "M9 15l6-6 M11 6l.46-.54a5 5 0 0 1 7.08 7.08L18 13 M13 18l-.4.53a5.07 5.07 0 0 1-7.12 0a4.97 4.97 0 0 1 0-7.07L6 11",
  trash:
    "M4 7h16 M10 11v6 M14 11v6 M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12 M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3",
  // "More actions": three dots in a row.
  dots: "M5 12a1 1 0 1 0 0 .01 M12 12a1 1 0 1 0 0 .01 M19 12a1 1 0 1 0 0 .01",
  truck:
    "M5 17a2 2 0 1 0 4 0a2 2 0 1 0-4 0 M15 17a2 2 0 1 0 4 0a2 2 0 1 0-4 0 M5 17H3V6a1 1 0 0 1 1-1h9v12 M9 17h6 M19 17h2v-6h-8 M13 6h5l3 5",
  // A pulse line: what happens over time (the coupons' and vouchers' monitor).
  activity: "M3 12h4l3 8 4-16 3 8h4",
  pencil: "M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4 M13.5 6.5l4 4",
  // An invoice: a receipt with a zigzag bottom edge and lines of text.
  receipt: "M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2-2 2-2-2-2 2-2-2z M9 7h6 M9 11h6 M13 15h2",
  building:
    "M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16 M16 9h2a2 2 0 0 1 2 2v10 M3 21h18 M8 7h4 M8 11h4 M8 15h4",
} as const;

export type IconName = keyof typeof paths;

export function Icon({
  name,
  size = 24,
  ...props
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
