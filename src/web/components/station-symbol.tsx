/**
 * A station's symbol: twelve simple, bold pictures a child who cannot read the number
 * yet can match, drawn once here for the play screen and the printed cards. One colour
 * (currentColor) with holes, never colour alone, so they print in black and white and read from
 * two metres away. The accessible name is the symbol's catalogue name ("Star", "Réalta").
 */
import type { ReactElement } from "react";
import type { MessageKey } from "../../shared/i18n/messages.ts";
import type { StationSymbol as SymbolName } from "../../shared/stations/station-rules.ts";
import { useT } from "../lib/i18n/language.tsx";

/** Each drawing in a 100 × 100 box; `evenodd` cuts the holes (an eye, a key's ring). */
const DRAWINGS: Record<SymbolName, ReactElement> = {
  star: <polygon points="50,7 61.8,37.8 94.7,39.5 69,60.2 77.6,92 50,74 22.4,92 31,60.2 5.3,39.5 38.2,37.8" />,
  moon: <path d="M43 8.1 A42 42 0 1 0 84.9 65.8 A36 36 0 0 1 43 8.1 Z" />,
  sun: (
    <>
      <circle cx="50" cy="50" r="21" />
      <g stroke="currentColor" strokeWidth="9" strokeLinecap="round">
        <line x1="50" y1="6" x2="50" y2="18" />
        <line x1="50" y1="82" x2="50" y2="94" />
        <line x1="6" y1="50" x2="18" y2="50" />
        <line x1="82" y1="50" x2="94" y2="50" />
        <line x1="19" y1="19" x2="27" y2="27" />
        <line x1="73" y1="73" x2="81" y2="81" />
        <line x1="19" y1="81" x2="27" y2="73" />
        <line x1="73" y1="27" x2="81" y2="19" />
      </g>
    </>
  ),
  heart: (
    <path d="M50 90 C20 68 5 52 5 32 C5 17 16 8 29 8 C39 8 46 14 50 22 C54 14 61 8 71 8 C84 8 95 17 95 32 C95 52 80 68 50 90 Z" />
  ),
  leaf: (
    <>
      <path fillRule="evenodd" d="M18 82 C14 40 42 12 92 8 C90 58 62 88 18 82 Z M28 76 L80 22 L83 25 L31 79 Z" />
      <line x1="20" y1="80" x2="7" y2="93" stroke="currentColor" strokeWidth="7" strokeLinecap="round" />
    </>
  ),
  fish: (
    <path
      fillRule="evenodd"
      d="M4 50 C18 22 52 18 72 44 L94 24 L94 76 L72 56 C52 82 18 78 4 50 Z M20 44 A6 6 0 1 0 32 44 A6 6 0 1 0 20 44 Z"
    />
  ),
  bell: (
    <>
      <circle cx="50" cy="10" r="7" />
      <path d="M50 12 C30 12 22 28 22 48 L22 64 L10 78 L90 78 L78 64 L78 48 C78 28 70 12 50 12 Z" />
      <circle cx="50" cy="86" r="10" />
    </>
  ),
  key: (
    <path
      fillRule="evenodd"
      d="M28 26 A24 24 0 1 1 28 74 A24 24 0 1 1 28 26 Z M28 39 A11 11 0 1 0 28 61 A11 11 0 1 0 28 39 Z M50 43 L95 43 L95 73 L85 73 L85 57 L78 57 L78 68 L68 68 L68 57 L50 57 Z"
    />
  ),
  boat: (
    <>
      <rect x="46" y="8" width="7" height="60" />
      <path d="M58 12 L58 60 L90 60 Z" />
      <path d="M41 24 L41 60 L16 60 Z" />
      <path d="M4 68 L96 68 L82 90 L18 90 Z" />
    </>
  ),
  tree: (
    <>
      <path d="M50 4 L76 36 L64 36 L84 60 L70 60 L92 84 L8 84 L30 60 L16 60 L36 36 L24 36 Z" />
      <rect x="42" y="82" width="16" height="14" />
    </>
  ),
  flower: (
    <>
      <circle cx="50" cy="16" r="12" />
      <circle cx="70.8" cy="28" r="12" />
      <circle cx="70.8" cy="52" r="12" />
      <circle cx="50" cy="64" r="12" />
      <circle cx="29.2" cy="52" r="12" />
      <circle cx="29.2" cy="28" r="12" />
      <circle cx="50" cy="40" r="7.5" />
      <line x1="50" y1="74" x2="50" y2="97" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
      <path d="M50 90 C44 78 32 74 22 78 C28 90 40 92 50 90 Z" />
    </>
  ),
  apple: (
    <>
      <path d="M50 32 C40 24 14 22 11 50 C8 76 28 95 41 95 C45 95 47 93 50 93 C53 93 55 95 59 95 C72 95 92 76 89 50 C86 22 60 24 50 32 Z" />
      <line x1="50" y1="32" x2="55" y2="10" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
      <path d="M57 22 C62 9 76 5 86 9 C80 21 68 26 57 22 Z" />
    </>
  ),
};

/** The catalogue key of a symbol's name ("common.stationSymbol.star"). */
export const stationSymbolNameKey = (symbol: SymbolName): MessageKey => `common.stationSymbol.${symbol}`;

/**
 * A station's symbol as an image named for a screen reader, or (decorative: the number and name
 * are said beside it) hidden from it. Its size comes from CSS (`.station-symbol`, 1em by default).
 */
export function StationSymbol({
  symbol,
  decorative = false,
  className,
}: {
  symbol: SymbolName;
  decorative?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <StationSymbolDrawing
      symbol={symbol}
      label={decorative ? undefined : t(stationSymbolNameKey(symbol))}
      className={className}
    />
  );
}

/** The drawing alone, named by `label` (hidden from screen readers without one): for pages that translate it themselves. */
export function StationSymbolDrawing({
  symbol,
  label,
  className,
}: {
  symbol: SymbolName;
  label?: string | undefined;
  className?: string | undefined;
}) {
  return (
    <svg
      className={className ? `station-symbol ${className}` : "station-symbol"}
      data-symbol={symbol}
      viewBox="0 0 100 100"
      fill="currentColor"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
      focusable="false"
    >
      {DRAWINGS[symbol]}
    </svg>
  );
}
