/**
 * A fixed stand-in for a captured tab screenshot (an inline SVG, so stories stay deterministic and offline):
 * a page header, a card and a highlighted "Commander" button.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
<rect width="320" height="180" fill="#f4f4f5"/>
<rect width="320" height="28" fill="#27272a"/>
<rect x="12" y="10" width="60" height="8" rx="2" fill="#fafafa"/>
<rect x="24" y="44" width="272" height="112" rx="8" fill="#ffffff" stroke="#d4d4d8"/>
<rect x="40" y="60" width="140" height="10" rx="2" fill="#a1a1aa"/>
<rect x="40" y="80" width="200" height="8" rx="2" fill="#d4d4d8"/>
<rect x="40" y="94" width="180" height="8" rx="2" fill="#d4d4d8"/>
<rect x="184" y="116" width="96" height="28" rx="6" fill="#2563eb" stroke="#f59e0b" stroke-width="3"/>
</svg>`;

export const sampleScreenshot = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
