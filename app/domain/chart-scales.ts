// The few pieces of d3 that /statistik's charts use (d3-scale's band and linear scales, d3-array's
// ticks, d3-shape's stack and line), written out so that the same drawing runs in the browser: the
// page then sends its figures once, not the figures and every drawn rectangle. Same algorithms,
// same results as d3 for the non-negative domains the charts have.

export type LinearScale = ((value: number) => number) & { domain: [number, number]; ticks: (count: number) => number[] };

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** d3-array's tickSpec: the tick indexes and increment (negative: its inverse) for about `count` ticks. */
function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / Math.pow(10, power);
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    inc = Math.pow(10, -power) / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = Math.pow(10, power) * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

/** d3-array's ticks, for start ≤ stop. */
export function ticks(start: number, stop: number, count: number): number[] {
  if (!(count > 0)) return [];
  if (start === stop) return [start];
  const [i1, i2, inc] = tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  return Array.from({ length: i2 - i1 + 1 }, (_, index) => (inc < 0 ? (i1 + index) / -inc : (i1 + index) * inc));
}

/** d3-scale's linear.nice(): the domain widened to round ticks, for start ≤ stop. */
function nice([start, stop]: [number, number], count = 10): [number, number] {
  let previous: number | undefined;
  for (let iteration = 0; iteration < 10; iteration++) {
    const step = tickSpec(start, stop, count)[2];
    if (step === previous) break;
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else break;
    previous = step;
  }
  return [start, stop];
}

/** d3-scale's scaleLinear().domain(domain).range(range), niced when asked. */
export function scaleLinear(domain: [number, number], [from, to]: [number, number], { niced = false } = {}): LinearScale {
  const [d0, d1] = niced ? nice(domain) : domain;
  const scale = (value: number) => {
    const t = d1 === d0 ? 0.5 : (value - d0) / (d1 - d0);
    return from * (1 - t) + to * t;
  };
  return Object.assign(scale, { domain: [d0, d1] as [number, number], ticks: (count: number) => (d0 <= d1 ? ticks(d0, d1, count) : ticks(d1, d0, count).reverse()) });
}

/** d3-scale's scaleBand().domain(keys).range(range).paddingInner(paddingInner). */
export function scaleBand(keys: readonly string[], [from, to]: [number, number], paddingInner: number) {
  const step = (to - from) / Math.max(1, keys.length - paddingInner);
  // Centred (d3's default align); nothing to centre once there are two bands or more.
  const start = from + (to - from - step * (keys.length - paddingInner)) / 2;
  const index = new Map(keys.map((key, position) => [key, position]));
  return { x: (key: string) => start + step * index.get(key)!, step, bandwidth: step * (1 - paddingInner) };
}

/** d3-shape's stack() (no offset) or with stackOffsetExpand: per key, each datum's [lower, upper] bound. */
export function stackLayers<T, K extends string>(data: readonly T[], keys: readonly K[], value: (datum: T, key: K) => number, { expand = false } = {}) {
  const layers = keys.map((key) => ({ key, points: data.map((datum) => ({ data: datum, bounds: [0, 0] as [number, number] })) }));
  data.forEach((datum, index) => {
    let sum = 0;
    for (const layer of layers) {
      const next = sum + value(datum, layer.key);
      layer.points[index].bounds = [sum, next];
      sum = next;
    }
    if (expand && sum) for (const layer of layers) layer.points[index].bounds = [layer.points[index].bounds[0] / sum, layer.points[index].bounds[1] / sum];
  });
  return layers;
}

type Point = { x: number; y: number } | null;

/** The runs of defined points: d3-shape's line and area break where `defined` is false. */
function runs(points: Point[]): { x: number; y: number }[][] {
  const all: { x: number; y: number }[][] = [];
  let current: { x: number; y: number }[] = [];
  for (const point of [...points, null]) {
    if (point) current.push(point);
    else if (current.length > 0) {
      all.push(current);
      current = [];
    }
  }
  return all;
}

/** d3-shape's line() path: a lone point is closed ("Z"), as d3 draws it. */
export function linePath(points: Point[]): string {
  return runs(points)
    .map((run) => run.map((point, index) => `${index === 0 ? "M" : "L"}${point.x},${point.y}`).join("") + (run.length === 1 ? "Z" : ""))
    .join("");
}

/** d3-shape's area() path down to the baseline `y0`. */
export function areaPath(points: Point[], y0: number): string {
  return runs(points)
    .map((run) => {
      const top = run.map((point, index) => `${index === 0 ? "M" : "L"}${point.x},${point.y}`).join("");
      const bottom = [...run].reverse().map((point) => `L${point.x},${y0}`).join("");
      return `${top}${bottom}Z`;
    })
    .join("");
}
