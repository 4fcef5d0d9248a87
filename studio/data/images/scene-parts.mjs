// Drawing parts for the sample pictures: each returns an SVG fragment (a string) for a 1800×1200 canvas.
// Shapes come from a seeded random generator, so a scene draws the same every run.

export const W = 1800;
export const H = 1200;

/** Mulberry32: a tiny seeded generator; the same seed gives the same stars, trees and hills. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Math.round(n * 10) / 10;
let nextId = 0;
const uid = (prefix) => `${prefix}${++nextId}`;

/** A vertical sky gradient from stops such as [[0, '#050814'], [1, '#2a2f4a']]. */
export function sky(stops) {
  const id = uid('sky');
  const stopTags = stops.map(([at, color]) => `<stop offset="${at}" stop-color="${color}"/>`).join('');
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stopTags}</linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#${id})"/>`;
}

/** A soft light (moon halo, sunset, lantern): a radial gradient fading to nothing. */
export function glow(cx, cy, r, color, opacity = 1) {
  const id = uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>
<stop offset="0.35" stop-color="${color}" stop-opacity="${f(opacity * 0.35)}"/>
<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>
<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id})"/>`;
}

export function stars(seed, count, maxY, color = '#f4f1ff') {
  const rand = random(seed);
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const r = rand() < 0.93 ? 0.7 + rand() * 1.1 : 1.8 + rand() * 1.2;
    const y = Math.pow(rand(), 1.4) * maxY;
    out += `<circle cx="${f(rand() * W)}" cy="${f(y)}" r="${f(r)}" fill="${color}" opacity="${f(0.25 + rand() * 0.75)}"/>`;
  }
  return out;
}

/** A moon with its halo; `phase` > 0 shades the left side (a waning gibbous) with the sky colour. */
export function moon(cx, cy, r, { halo = '#cfd8ff', phase = 0, skyColor = '#0b1022' } = {}) {
  const id = uid('moon');
  const shade =
    phase > 0
      ? `<circle cx="${f(cx - r * (2 - phase))}" cy="${f(cy - r * 0.1)}" r="${f(r * 1.02)}" fill="${skyColor}" opacity="0.92"/>`
      : '';
  return `${glow(cx, cy, r * 6, halo, 0.28)}${glow(cx, cy, r * 2.2, halo, 0.35)}
<defs><radialGradient id="${id}" cx="0.42" cy="0.4"><stop offset="0" stop-color="#fffdf2"/><stop offset="1" stop-color="#d9d6c8"/></radialGradient></defs>
<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id})"/>
<circle cx="${f(cx + r * 0.25)}" cy="${f(cy - r * 0.2)}" r="${f(r * 0.22)}" fill="#c4c0b0" opacity="0.45"/>
<circle cx="${f(cx - r * 0.3)}" cy="${f(cy + r * 0.25)}" r="${f(r * 0.16)}" fill="#c4c0b0" opacity="0.4"/>
<circle cx="${f(cx + r * 0.05)}" cy="${f(cy + r * 0.45)}" r="${f(r * 0.1)}" fill="#c4c0b0" opacity="0.35"/>${shade}`;
}

/** A blurred band of mist: soft ellipses along a line, drawn through one Gaussian blur. */
export function fog(seed, y, height, { color = '#c9d2e8', opacity = 0.35, blur = 38 } = {}) {
  const rand = random(seed);
  const id = uid('fog');
  let blobs = '';
  for (let x = -200; x < W + 200; x += 160 + rand() * 120) {
    blobs += `<ellipse cx="${f(x)}" cy="${f(y + (rand() - 0.5) * height * 0.6)}" rx="${f(180 + rand() * 260)}" ry="${f(height * (0.3 + rand() * 0.35))}"/>`;
  }
  return `<defs><filter id="${id}" x="-20%" y="-100%" width="140%" height="300%"><feGaussianBlur stdDeviation="${blur}"/></filter></defs>
<g fill="${color}" opacity="${opacity}" filter="url(#${id})">${blobs}</g>`;
}

/** A ridge line from left to right, filled down to the bottom of the canvas. */
export function ridge(seed, baseY, amplitude, color, { roughness = 7 } = {}) {
  const rand = random(seed);
  const phases = Array.from({ length: 4 }, () => rand() * Math.PI * 2);
  const points = [];
  for (let x = -10; x <= W + 10; x += 12) {
    const t = x / W;
    const y =
      baseY +
      amplitude *
        (Math.sin(t * 3.1 + phases[0]) * 0.5 +
          Math.sin(t * 7.3 + phases[1]) * 0.25 +
          Math.sin(t * 17 + phases[2]) * 0.12 +
          Math.sin(t * 41 + phases[3]) * (roughness / 100));
    points.push(`${f(x)},${f(y)}`);
  }
  return `<path d="M-10,${H + 10} L${points.join(' L')} L${W + 10},${H + 10} Z" fill="${color}"/>`;
}

/** A gum tree silhouette: a leaning trunk and a few irregular canopy clumps. */
export function gumTree(seed, x, groundY, height, color) {
  const rand = random(seed);
  const lean = (rand() - 0.5) * height * 0.15;
  const topX = x + lean;
  const topY = groundY - height * 0.62;
  let out = `<path d="M${f(x - height * 0.025)},${f(groundY)} Q${f(x + lean * 0.3)},${f(groundY - height * 0.4)} ${f(topX)},${f(topY)} L${f(topX + height * 0.02)},${f(topY)} Q${f(x + lean * 0.35 + height * 0.03)},${f(groundY - height * 0.4)} ${f(x + height * 0.03)},${f(groundY)} Z" fill="${color}"/>`;
  for (let i = 0; i < 7; i += 1) {
    const cx = topX + (rand() - 0.5) * height * 0.55;
    const cy = groundY - height * (0.6 + rand() * 0.38);
    out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(height * (0.1 + rand() * 0.12))}" ry="${f(height * (0.06 + rand() * 0.07))}" fill="${color}"/>`;
    out += `<line x1="${f(topX)}" y1="${f(topY)}" x2="${f(cx)}" y2="${f(cy)}" stroke="${color}" stroke-width="${f(height * 0.012)}"/>`;
  }
  return out;
}

/** A palm: a curved trunk and drooping fronds. */
export function palm(seed, x, groundY, height, color) {
  const rand = random(seed);
  const bend = (rand() - 0.5) * height * 0.5;
  const topX = x + bend;
  const topY = groundY - height;
  let out = `<path d="M${f(x)},${f(groundY)} Q${f(x + bend * 0.1)},${f(groundY - height * 0.5)} ${f(topX)},${f(topY)}" stroke="${color}" stroke-width="${f(height * 0.035)}" fill="none" stroke-linecap="round"/>`;
  const fronds = 8 + Math.floor(rand() * 4);
  for (let i = 0; i < fronds; i += 1) {
    const angle = (i / fronds) * Math.PI * 2 + rand() * 0.4;
    const length = height * (0.32 + rand() * 0.15);
    const endX = topX + Math.cos(angle) * length;
    const endY = topY + Math.abs(Math.sin(angle)) * length * 0.35 + length * 0.25;
    const midX = topX + Math.cos(angle) * length * 0.55;
    const midY = topY - length * 0.18;
    out += `<path d="M${f(topX)},${f(topY)} Q${f(midX)},${f(midY)} ${f(endX)},${f(endY)}" stroke="${color}" stroke-width="${f(height * 0.02)}" fill="none" stroke-linecap="round"/>`;
    out += `<path d="M${f(topX)},${f(topY)} Q${f(midX)},${f(midY - length * 0.05)} ${f(endX)},${f(endY)} Q${f(midX)},${f(midY + length * 0.12)} ${f(topX)},${f(topY)} Z" fill="${color}"/>`;
  }
  return out;
}

/** A row of windows: `lit(i, row)` returns a colour for a lit window, or undefined for a dark one. */
export function windows({ x, y, columns, rows, width, height, gapX, gapY, arched = false, lit }) {
  let out = '';
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const color = lit(column, row);
      if (!color) continue;
      const wx = x + column * (width + gapX);
      const wy = y + row * (height + gapY);
      out += arched
        ? `<path d="M${f(wx)},${f(wy + height)} V${f(wy + width / 2)} A${f(width / 2)},${f(width / 2)} 0 0 1 ${f(wx + width)},${f(wy + width / 2)} V${f(wy + height)} Z" fill="${color}"/>`
        : `<rect x="${f(wx)}" y="${f(wy)}" width="${f(width)}" height="${f(height)}" fill="${color}"/>`;
    }
  }
  return out;
}

/** A hand lantern: a warm pool of light, the lamp's frame and its flame. */
export function lantern(x, y, size, { light = '#ffb347', strength = 0.55 } = {}) {
  return `${glow(x, y, size * 9, light, strength)}${glow(x, y, size * 2.5, '#ffd58a', 0.8)}
<rect x="${f(x - size * 0.45)}" y="${f(y - size * 0.7)}" width="${f(size * 0.9)}" height="${f(size * 1.3)}" rx="${f(size * 0.15)}" fill="#ffcf7a" stroke="#2a1a0a" stroke-width="${f(size * 0.12)}"/>
<path d="M${f(x - size * 0.55)},${f(y - size * 0.7)} L${f(x)},${f(y - size * 1.1)} L${f(x + size * 0.55)},${f(y - size * 0.7)} Z" fill="#2a1a0a"/>
<path d="M${f(x)},${f(y - size * 1.1)} q${f(size * 0.25)},${f(-size * 0.4)} 0,${f(-size * 0.6)}" stroke="#2a1a0a" stroke-width="${f(size * 0.1)}" fill="none"/>
<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(size * 0.14)}" ry="${f(size * 0.3)}" fill="#fff6d6"/>`;
}

/** A standing figure seen from behind, for scale and company; `lanternSide` hangs a lantern from a hand. */
export function figure(x, groundY, height, color, { lanternSide = 0 } = {}) {
  const head = height * 0.075;
  const shoulders = groundY - height * 0.82;
  const body = `<circle cx="${f(x)}" cy="${f(groundY - height + head)}" r="${f(head)}" fill="${color}"/>
<path d="M${f(x - height * 0.12)},${f(shoulders + height * 0.05)} Q${f(x)},${f(shoulders - height * 0.04)} ${f(x + height * 0.12)},${f(shoulders + height * 0.05)} L${f(x + height * 0.14)},${f(groundY - height * 0.35)} L${f(x + height * 0.1)},${f(groundY)} L${f(x + height * 0.02)},${f(groundY)} L${f(x)},${f(groundY - height * 0.38)} L${f(x - height * 0.02)},${f(groundY)} L${f(x - height * 0.1)},${f(groundY)} L${f(x - height * 0.14)},${f(groundY - height * 0.35)} Z" fill="${color}"/>`;
  if (lanternSide === 0) return body;
  const handX = x + lanternSide * height * 0.2;
  const handY = groundY - height * 0.42;
  return `${body}<line x1="${f(x + lanternSide * height * 0.12)}" y1="${f(shoulders + height * 0.06)}" x2="${f(handX)}" y2="${f(handY)}" stroke="${color}" stroke-width="${f(height * 0.05)}" stroke-linecap="round"/>
${lantern(handX, handY + height * 0.1, height * 0.06, { strength: 0.45 })}`;
}

/** Calm water below `y`: a darker band with a few horizontal glints. */
export function water(seed, y, color, glint = '#9fb3d9', glintX = W / 2) {
  const rand = random(seed);
  let lines = '';
  for (let i = 0; i < 70; i += 1) {
    const ly = y + Math.pow(rand(), 1.6) * (H - y);
    const spread = 80 + (ly - y) * 0.9;
    const lx = glintX + (rand() - 0.5) * spread * 2;
    lines += `<rect x="${f(lx)}" y="${f(ly)}" width="${f(20 + rand() * 90)}" height="${f(1.5 + rand() * 2.5)}" fill="${glint}" opacity="${f(0.15 + rand() * 0.45)}"/>`;
  }
  return `<rect x="0" y="${f(y)}" width="${W}" height="${f(H - y)}" fill="${color}"/>${lines}`;
}

/** Darkens the edges, as an old lens would, and gives the scene a frame. */
export function vignette(strength = 0.6) {
  const id = uid('vignette');
  return `<defs><radialGradient id="${id}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/>
<stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;
}

export function svgDocument(body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
