// The sample pictures, one function per scene, each returning a whole SVG document. The file names (keys)
// are the assets' `originalFilename` in the sample dataset.
import {
  H,
  W,
  figure,
  fog,
  glow,
  gumTree,
  lantern,
  moon,
  palm,
  random,
  ridge,
  sky,
  stars,
  svgDocument,
  vignette,
  water,
  windows,
} from './scene-parts.mjs';

const NIGHT = [
  [0, '#03050d'],
  [0.55, '#0f1733'],
  [1, '#2b3358'],
];
const DUSK = [
  [0, '#0b0f26'],
  [0.45, '#3a2a55'],
  [0.72, '#a04a4a'],
  [0.88, '#e08a4f'],
  [1, '#f2b66b'],
];

/** A roofless convict penitentiary: four storeys of arched openings, the sky showing through. */
function penitentiary(x, groundY, width, height, color, skyThrough) {
  const gable = height * 0.25;
  const rand = random(7);
  let top = '';
  for (let step = 0; step <= 24; step += 1) {
    const px = x + (width * step) / 24;
    top += ` L${px.toFixed(1)},${(groundY - height - (step % 3 === 0 ? rand() * 18 : rand() * 6)).toFixed(1)}`;
  }
  const walls = `<path d="M${x},${groundY} L${x},${groundY - height} L${x + width * 0.04},${groundY - height - gable} L${x + width * 0.08},${groundY - height}${top} L${x + width},${groundY - height} L${x + width - width * 0.04},${groundY - height - gable} L${x + width - width * 0.08},${groundY - height} L${x + width},${groundY - height} L${x + width},${groundY} Z" fill="${color}"/>`;
  const columns = 22;
  const gapX = (width * 0.9) / columns;
  const openings = windows({
    x: x + width * 0.05,
    y: groundY - height * 0.92,
    columns,
    rows: 4,
    width: gapX * 0.45,
    height: height * 0.14,
    gapX: gapX * 0.55,
    gapY: height * 0.09,
    arched: true,
    lit: (column, row) => ((column * 7 + row * 3) % 11 === 0 ? '#ffb45e' : skyThrough),
  });
  return walls + openings;
}

/** A sandstone church ruin with a square tower and empty Gothic windows. */
function churchRuin(x, groundY, scale, color, skyThrough) {
  const s = (n) => n * scale;
  return `<path d="M${x},${groundY} V${groundY - s(260)} L${x + s(60)},${groundY - s(330)} L${x + s(120)},${groundY - s(260)} V${groundY - s(200)} H${x + s(420)} V${groundY - s(250)} L${x + s(440)},${groundY - s(240)} V${groundY} Z" fill="${color}"/>
<path d="M${x + s(420)},${groundY} V${groundY - s(420)} h${s(20)} v${s(-20)} h${s(20)} v${s(20)} h${s(20)} v${s(-20)} h${s(20)} v${s(20)} h${s(20)} v${s(-20)} h${s(20)} v${s(440)} Z" fill="${color}"/>
${windows({ x: x + s(150), y: groundY - s(170), columns: 4, rows: 1, width: s(36), height: s(110), gapX: s(34), gapY: 0, arched: true, lit: () => skyThrough })}
${windows({ x: x + s(445), y: groundY - s(370), columns: 2, rows: 2, width: s(22), height: s(60), gapX: s(26), gapY: s(60), arched: true, lit: () => skyThrough })}
<path d="M${x + s(35)},${groundY} V${groundY - s(170)} A${s(25)},${s(25)} 0 0 1 ${x + s(85)},${groundY - s(170)} V${groundY} Z" fill="${skyThrough}"/>`;
}

/** A Kirkbride asylum: a central block with a cupola tower and wings stepping back on both sides. */
function asylum(cx, groundY, scale, color, litColor) {
  const s = (n) => n * scale;
  const rand = random(21);
  const lit = () => (rand() < 0.12 ? litColor : '#151a2e');
  let out = '';
  const wings = [
    [s(-820), s(150), s(260)],
    [s(-560), s(190), s(300)],
    [s(-300), s(230), s(300)],
    [s(300), s(230), s(300)],
    [s(560), s(190), s(300)],
    [s(820), s(150), s(260)],
  ];
  for (const [offset, height, width] of wings) {
    const left = cx + offset - width / 2;
    out += `<path d="M${left},${groundY} V${groundY - height} L${left + width / 2},${groundY - height - s(50)} L${left + width},${groundY - height} V${groundY} Z" fill="${color}"/>`;
    out += windows({
      x: left + s(20),
      y: groundY - height + s(30),
      columns: 7,
      rows: Math.floor(height / s(50)),
      width: s(16),
      height: s(26),
      gapX: (width - s(40) - 7 * s(16)) / 6,
      gapY: s(22),
      lit,
    });
  }
  out += `<rect x="${cx - s(170)}" y="${groundY - s(300)}" width="${s(340)}" height="${s(300)}" fill="${color}"/>
<path d="M${cx - s(190)},${groundY - s(300)} L${cx},${groundY - s(380)} L${cx + s(190)},${groundY - s(300)} Z" fill="${color}"/>
<rect x="${cx - s(45)}" y="${groundY - s(470)}" width="${s(90)}" height="${s(120)}" fill="${color}"/>
<path d="M${cx - s(55)},${groundY - s(470)} Q${cx},${groundY - s(560)} ${cx + s(55)},${groundY - s(470)} Z" fill="${color}"/>
<rect x="${cx - s(3)}" y="${groundY - s(600)}" width="${s(6)}" height="${s(70)}" fill="${color}"/>`;
  out += windows({
    x: cx - s(140),
    y: groundY - s(260),
    columns: 6,
    rows: 4,
    width: s(22),
    height: s(36),
    gapX: s(30),
    gapY: s(24),
    arched: true,
    lit,
  });
  out += windows({
    x: cx - s(20),
    y: groundY - s(450),
    columns: 1,
    rows: 1,
    width: s(40),
    height: s(60),
    gapX: 0,
    gapY: 0,
    arched: true,
    lit: () => litColor,
  });
  return out;
}

/** A weatherboard hospital ward with a verandah on posts and a corrugated roof. */
function ward(x, groundY, width, color, lit) {
  const height = width * 0.28;
  const roof = width * 0.14;
  let out = `<rect x="${x}" y="${groundY - height}" width="${width}" height="${height}" fill="${color}"/>
<path d="M${x - width * 0.06},${groundY - height} L${x + width * 0.08},${groundY - height - roof} H${x + width * 0.92} L${x + width * 1.06},${groundY - height} Z" fill="${color}"/>
<rect x="${x - width * 0.06}" y="${groundY - height - 4}" width="${width * 1.12}" height="8" fill="${color}"/>`;
  for (let post = 0; post <= 8; post += 1) {
    out += `<rect x="${x - width * 0.05 + (post * width * 1.1) / 8}" y="${groundY - height}" width="5" height="${height}" fill="${color}"/>`;
  }
  out += windows({
    x: x + width * 0.08,
    y: groundY - height * 0.75,
    columns: 6,
    rows: 1,
    width: width * 0.06,
    height: height * 0.4,
    gapX: width * 0.095,
    gapY: 0,
    lit,
  });
  return out;
}

/** A lighthouse with its lantern room and a beam sweeping out over the sea. */
function lighthouse(x, groundY, height, color, beamTo) {
  const base = height * 0.16;
  const top = height * 0.09;
  const lampY = groundY - height - height * 0.06;
  return `<defs><linearGradient id="beam" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.55"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></linearGradient></defs>
<path d="M${x},${lampY} L${beamTo[0]},${beamTo[1] - 90} L${beamTo[0]},${beamTo[1] + 90} Z" fill="url(#beam)"/>
${glow(x, lampY, height * 0.5, '#ffe7a0', 0.7)}
<path d="M${x - base / 2},${groundY} L${x - top / 2},${groundY - height} H${x + top / 2} L${x + base / 2},${groundY} Z" fill="${color}"/>
<rect x="${x - top * 0.7}" y="${groundY - height - 6}" width="${top * 1.4}" height="8" fill="${color}"/>
<rect x="${x - top * 0.45}" y="${lampY - height * 0.035}" width="${top * 0.9}" height="${height * 0.07}" fill="#fff2c0"/>
<path d="M${x - top * 0.6},${lampY - height * 0.035} L${x},${lampY - height * 0.1} L${x + top * 0.6},${lampY - height * 0.035} Z" fill="${color}"/>`;
}

/** An ocean liner at her mooring: hull, three raked funnels and rows of lit portholes. */
function liner(x, waterY, length, color) {
  const rand = random(33);
  const hull = length * 0.09;
  let out = `<path d="M${x},${waterY - hull} H${x + length} L${x + length * 0.96},${waterY + 8} H${x + length * 0.05} Z" fill="${color}"/>
<rect x="${x + length * 0.15}" y="${waterY - hull - length * 0.05}" width="${length * 0.68}" height="${length * 0.05}" fill="${color}"/>
<rect x="${x + length * 0.25}" y="${waterY - hull - length * 0.085}" width="${length * 0.48}" height="${length * 0.04}" fill="${color}"/>`;
  for (const at of [0.32, 0.47, 0.62]) {
    const fx = x + length * at;
    out += `<path d="M${fx},${waterY - hull - length * 0.08} L${fx + length * 0.015},${waterY - hull - length * 0.19} H${fx + length * 0.07} L${fx + length * 0.06},${waterY - hull - length * 0.08} Z" fill="#6b1f1f"/>
<rect x="${fx + length * 0.013}" y="${waterY - hull - length * 0.19}" width="${length * 0.058}" height="${length * 0.022}" fill="${color}"/>`;
  }
  for (let row = 0; row < 3; row += 1) {
    for (let i = 0; i < 60; i += 1) {
      if (rand() < 0.45) continue;
      out += `<circle cx="${x + length * 0.08 + i * length * 0.014}" cy="${waterY - hull * (0.78 - row * 0.22) - (row === 2 ? length * 0.04 : 0)}" r="3" fill="#ffd27d" opacity="${0.6 + rand() * 0.4}"/>`;
    }
  }
  return out;
}

/** Straight road narrowing to a vanishing point, with centre dashes. */
function road(vanishX, horizonY, nearWidth, color, dashColor) {
  let dashes = '';
  for (let i = 0; i < 14; i += 1) {
    const t0 = Math.pow(i / 14, 2);
    const t1 = Math.pow((i + 0.45) / 14, 2);
    const y0 = horizonY + (H - horizonY) * t0;
    const y1 = horizonY + (H - horizonY) * t1;
    const w0 = 2 + t0 * 14;
    const w1 = 2 + t1 * 14;
    dashes += `<path d="M${vanishX - w0 / 2},${y0} L${vanishX + w0 / 2},${y0} L${vanishX + w1 / 2},${y1} L${vanishX - w1 / 2},${y1} Z" fill="${dashColor}" opacity="0.75"/>`;
  }
  return `<path d="M${vanishX - 4},${horizonY} L${vanishX + 4},${horizonY} L${vanishX + nearWidth / 2},${H} L${vanishX - nearWidth / 2},${H} Z" fill="${color}"/>${dashes}`;
}

function telegraphPoles(vanishX, horizonY, side, color) {
  let out = '';
  for (let i = 1; i < 8; i += 1) {
    const t = Math.pow(i / 8, 2.2);
    const x = vanishX + side * (30 + t * 1100);
    const base = horizonY + t * (H - horizonY) * 0.8;
    const height = 30 + t * 520;
    out += `<rect x="${x}" y="${base - height}" width="${2 + t * 12}" height="${height}" fill="${color}"/>
<rect x="${x - (8 + t * 60)}" y="${base - height + height * 0.08}" width="${(8 + t * 60) * 2 + 2 + t * 12}" height="${1.5 + t * 7}" fill="${color}"/>`;
  }
  return out;
}

export const scenes = {
  // The landing page: the hero behind the heading, so its top two thirds stay dark and quiet.
  'landing-lantern-ruin.jpg': () =>
    svgDocument(`${sky(NIGHT)}${stars(11, 420, 820)}${moon(1330, 250, 70)}
${fog(12, 700, 160, { opacity: 0.22 })}
${ridge(13, 840, 70, '#141a30')}
${churchRuin(980, 930, 1.05, '#090c18', '#26304f')}
${gumTree(14, 260, 960, 420, '#070a14')}${gumTree(15, 1640, 960, 380, '#070a14')}
${ridge(16, 960, 30, '#070913')}
${fog(17, 930, 120, { opacity: 0.3, color: '#aab4d6' })}
${figure(760, 1050, 150, '#04050b', { lanternSide: 1 })}${figure(660, 1060, 160, '#04050b')}${figure(860, 1055, 140, '#04050b', { lanternSide: -1 })}
${ridge(18, 1070, 12, '#030409')}${vignette(0.65)}`),

  // Tasmania: the penitentiary ruin on the bay, a church ruin, a lantern walk under gum trees.
  'tasmania-penitentiary-moonrise.jpg': () =>
    svgDocument(`${sky(NIGHT)}${stars(21, 380, 700)}${moon(420, 230, 62, { halo: '#d7ddff' })}
${ridge(22, 640, 60, '#172042')}
${fog(23, 640, 90, { opacity: 0.25 })}
${penitentiary(520, 800, 1000, 300, '#0b0e1b', '#2b3659')}
${gumTree(24, 200, 840, 460, '#070a14')}${gumTree(25, 1650, 830, 420, '#070a14')}
${water(26, 820, '#0a1024', '#b9c5ea', 420)}
${fog(27, 800, 80, { opacity: 0.3 })}${vignette(0.6)}`),
  'tasmania-church-ruin-dusk.jpg': () =>
    svgDocument(`${sky(DUSK)}${stars(31, 120, 300)}${glow(900, 900, 700, '#ffb067', 0.35)}
${ridge(32, 780, 50, '#3a2c45')}${fog(33, 780, 110, { color: '#f0b98a', opacity: 0.18 })}
${churchRuin(560, 980, 1.5, '#120d18', '#d98a5c')}
${gumTree(34, 230, 1000, 520, '#0c0910')}${gumTree(35, 1560, 1010, 560, '#0c0910')}
${ridge(36, 1000, 18, '#0c0910')}${vignette(0.55)}`),
  'tasmania-lantern-walk.jpg': () =>
    svgDocument(`${sky([
      [0, '#04060f'],
      [0.6, '#16203f'],
      [1, '#2c3763'],
    ])}${stars(41, 200, 500)}
${glow(1000, 520, 700, '#b9c6f0', 0.3)}${fog(42, 700, 220, { opacity: 0.26 })}
${[120, 380, 610, 1190, 1420, 1690].map((x, i) => gumTree(43 + i, x, 960 + (i % 2) * 30, 700 + (i % 3) * 70, '#05070e')).join('')}
${ridge(50, 980, 16, '#06080f')}
${figure(820, 1010, 200, '#020307', { lanternSide: 1 })}${figure(980, 1000, 180, '#020307', { lanternSide: -1 })}
${figure(1090, 990, 150, '#020307')}
${fog(51, 1010, 90, { opacity: 0.22, color: '#d8c7a6' })}${vignette(0.7)}`),

  // Vietnam: jungle at dusk, a tunnel entrance, the Long Tan cross among rubber trees.
  'vietnam-jungle-dusk.jpg': () =>
    svgDocument(`${sky([
      [0, '#10142b'],
      [0.5, '#5b2f45'],
      [0.8, '#d06a3c'],
      [1, '#f4a25a'],
    ])}${glow(1100, 780, 420, '#ffc27a', 0.6)}
${ridge(61, 700, 80, '#4a2a3c')}${fog(62, 720, 120, { color: '#f1a676', opacity: 0.25 })}
${ridge(63, 820, 60, '#2a1726')}${fog(64, 830, 100, { color: '#e59b74', opacity: 0.2 })}
${[90, 260, 470, 1380, 1560, 1720].map((x, i) => palm(65 + i, x, 1060, 420 + (i % 3) * 90, '#0d0810')).join('')}
${water(71, 960, '#1b0f1a', '#ffb37a', 1100)}
${ridge(72, 1060, 14, '#0d0810')}${vignette(0.5)}`),
  'vietnam-tunnel-entrance.jpg': () =>
    svgDocument(`<rect width="${W}" height="${H}" fill="#0a0604"/>
${Array.from({ length: 9 }, (_, i) => {
  const t = i / 9;
  const width = 1500 * Math.pow(0.72, i);
  const height = 1050 * Math.pow(0.72, i);
  const x = 900 - width / 2 + i * 6;
  const y = 1150 - height * (1 - t * 0.12);
  const shade = Math.round(8 + 70 * Math.pow(t, 1.6));
  return `<path d="M${x},${y + height} V${y + height * 0.45} Q${x},${y} ${x + width / 2},${y} Q${x + width},${y} ${x + width},${y + height * 0.45} V${y + height} Z" fill="rgb(${shade + 26},${shade + 12},${shade})"/>`;
}).join('')}
${glow(925, 830, 260, '#ffb04a', 0.55)}
<rect x="0" y="1080" width="${W}" height="120" fill="#120b06"/>
${lantern(1240, 1000, 34)}${figure(920, 1010, 260, '#050302', { lanternSide: -1 })}
${fog(88, 1060, 80, { color: '#c8a070', opacity: 0.14 })}${vignette(0.75)}`),
  'vietnam-long-tan-cross.jpg': () =>
    svgDocument(`${sky(DUSK)}${glow(900, 880, 520, '#ffc98a', 0.45)}
${ridge(91, 860, 20, '#3b2430')}
${Array.from({ length: 18 }, (_, i) => `<rect x="${40 + i * 100 + (i % 2) * 20}" y="0" width="${14 + (i % 3) * 4}" height="1020" fill="#120b12" opacity="${i % 2 ? 0.8 : 1}"/>`).join('')}
<defs><linearGradient id="canopy" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b0812"/><stop offset="1" stop-color="#0b0812" stop-opacity="0"/></linearGradient></defs>
<rect width="${W}" height="420" fill="url(#canopy)"/>
${ridge(93, 990, 12, '#0f0910')}
${glow(900, 800, 260, '#ffe2b0', 0.35)}
<rect x="885" y="700" width="30" height="300" fill="#e6d8bf"/><rect x="820" y="770" width="160" height="28" fill="#e6d8bf"/>
<rect x="850" y="990" width="100" height="30" fill="#b9ab93"/>
${fog(94, 1010, 70, { color: '#f1b47a', opacity: 0.2 })}${vignette(0.55)}`),

  // USA: the road at dusk, a Kirkbride asylum under the moon, the ocean liner at night.
  'usa-road-at-dusk.jpg': () =>
    svgDocument(`${sky(DUSK)}${stars(101, 120, 330)}${glow(900, 700, 700, '#ffb36b', 0.4)}
${ridge(102, 690, 40, '#4b2d45', { roughness: 2 })}
<rect x="0" y="700" width="${W}" height="${H - 700}" fill="#1a1019"/>
${road(900, 700, 1500, '#0d0a10', '#f2d9a0')}
${telegraphPoles(900, 700, 1, '#0a070c')}${telegraphPoles(900, 700, -1, '#0a070c')}
${fog(103, 715, 40, { color: '#ffb87a', opacity: 0.25, blur: 20 })}${vignette(0.5)}`),
  'usa-asylum-moon.jpg': () =>
    svgDocument(`${sky(NIGHT)}${stars(111, 360, 650)}${moon(1380, 200, 58)}
${ridge(112, 800, 30, '#141b33')}
${asylum(900, 890, 0.95, '#0a0d1a', '#f2b863')}
${fog(113, 880, 110, { opacity: 0.28 })}
${gumTree(114, 120, 1000, 520, '#04060c')}
${ridge(115, 1000, 14, '#04060c')}${vignette(0.6)}`),
  'usa-ocean-liner-night.jpg': () =>
    svgDocument(`${sky(NIGHT)}${stars(121, 300, 600)}${moon(330, 210, 50)}
${glow(900, 760, 600, '#ffcf85', 0.18)}
${liner(280, 800, 1250, '#0b0d18')}
${water(122, 800, '#070b1a', '#ffd27d', 900)}
${fog(123, 790, 60, { opacity: 0.2 })}${vignette(0.6)}`),

  // Quarantine Station, North Head: the headland light, the wards, the lamps on the wharf.
  'quarantine-headland-light.jpg': () =>
    svgDocument(`${sky(NIGHT)}${stars(131, 360, 700)}${moon(1500, 190, 45)}
${ridge(133, 790, 30, '#111832', { roughness: 3 })}
${water(132, 820, '#070c1e', '#c7d3f5', 1500)}
<path d="M-10,${H} L-10,640 Q300,560 620,630 Q780,680 880,860 L1000,${H} Z" fill="#090d1c"/>
${lighthouse(330, 600, 290, '#070a15', [1850, 430])}
${ward(520, 700, 280, '#0b1020', (c) => (c === 2 ? '#ffc36b' : undefined))}
${fog(134, 820, 90, { opacity: 0.3 })}${vignette(0.6)}`),
  'quarantine-hospital-wards.jpg': () =>
    svgDocument(`${sky([
      [0, '#04060f'],
      [0.7, '#131a35'],
      [1, '#28304f'],
    ])}${stars(141, 220, 520)}${moon(300, 180, 40)}
${fog(142, 620, 140, { opacity: 0.2 })}
${ward(180, 880, 620, '#0c1122', (c) => (c === 1 || c === 4 ? '#ffcb78' : '#1b2440'))}
${ward(980, 860, 680, '#0c1122', (c) => (c === 3 ? '#ffcb78' : '#1b2440'))}
${gumTree(143, 880, 960, 620, '#06080f')}
${ridge(144, 950, 12, '#06080f')}
${fog(145, 930, 120, { opacity: 0.32 })}${vignette(0.65)}`),
  'quarantine-wharf-lamps.jpg': () =>
    svgDocument(`${sky([
      [0, '#03060e'],
      [1, '#1a2240'],
    ])}${stars(151, 260, 600)}
${ridge(153, 700, 50, '#0c1126')}
${water(152, 740, '#050a1a', '#ffd08a', 1000)}
<path d="M200,${H} L1060,760 L1140,760 L700,${H} Z" fill="#2a2129"/>
${Array.from({ length: 8 }, (_, i) => {
  const t = Math.pow(i / 8, 1.5);
  return `<rect x="${1100 - t * 640 + 40 * t}" y="${760 + t * 440}" width="${3 + t * 18}" height="${10 + t * 60}" fill="#0e0b0f"/>`;
}).join('')}
${[0, 1, 2, 3]
  .map((i) => {
    const t = i / 4;
    const x = 1000 - t * 650;
    const y = 760 + t * 380;
    const height = 60 + t * 320;
    return `<rect x="${x}" y="${y - height}" width="${3 + t * 9}" height="${height}" fill="#0b0a0e"/>${lantern(x + 2 + t * 4, y - height, 8 + t * 20, { strength: 0.45 })}`;
  })
  .join('')}
${fog(154, 760, 90, { opacity: 0.25 })}${vignette(0.6)}`),
};

export const SCENE_SIZE = { width: W, height: H };
