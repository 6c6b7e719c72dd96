import { scaleBand as d3ScaleBand, scaleLinear as d3ScaleLinear } from "d3-scale";
import { area, line, stack, stackOffsetExpand } from "d3-shape";
import { describe, expect, it } from "vitest";
import { areaPath, linePath, scaleBand, scaleLinear, stackLayers } from "./chart-scales";

// The charts are drawn with these in the browser as well as on the server; d3 (a dev dependency
// only) is the reference they must agree with.
const MAXIMA = [0.1, 0.25, 0.37, 1, 3, 7, 13, 99, 101, 987, 1234, 25_000, 98_765];

describe("scaleLinear", () => {
  it.each(MAXIMA)("nices [0, %s] and ticks it as d3 does", (max) => {
    const ours = scaleLinear([0, max], [232, 12], { niced: true });
    const theirs = d3ScaleLinear().domain([0, max]).nice().range([232, 12]);
    expect(ours.domain).toEqual(theirs.domain());
    for (const count of [3, 4, 10]) expect(ours.ticks(count)).toEqual(theirs.ticks(count));
    for (const value of [0, max / 3, max]) expect(ours(value)).toBeCloseTo(theirs(value), 9);
  });

  it("maps a reversed domain as d3 does", () => {
    const ours = scaleLinear([60, 0], [48, 632]);
    const theirs = d3ScaleLinear().domain([60, 0]).range([48, 632]);
    for (const value of [60, 45, 10, 0]) expect(ours(value)).toBeCloseTo(theirs(value), 9);
  });
});

describe("scaleBand", () => {
  it.each([1, 61, 151])("places %s bands as d3 does", (count) => {
    const keys = Array.from({ length: count }, (_, index) => `d${index}`);
    const ours = scaleBand(keys, [48, 632], 0.2);
    const theirs = d3ScaleBand<string>().domain(keys).range([48, 632]).paddingInner(0.2);
    expect(ours.step).toBeCloseTo(theirs.step(), 9);
    expect(ours.bandwidth).toBeCloseTo(theirs.bandwidth(), 9);
    for (const key of keys) expect(ours.x(key)).toBeCloseTo(theirs(key)!, 9);
  });
});

describe("stackLayers", () => {
  const data = [
    { a: 3, b: 1, c: 0 },
    { a: 0, b: 0, c: 0 },
    { a: 2, b: 5, c: 1 },
  ];
  const keys = ["a", "b", "c"] as const;
  it.each([false, true])("stacks (expand: %s) as d3 does", (expand) => {
    const theirs = stack<(typeof data)[number], (typeof keys)[number]>().keys(keys);
    if (expand) theirs.offset(stackOffsetExpand);
    const ours = stackLayers(data, keys, (datum, key) => datum[key], { expand });
    expect(ours.map((layer) => layer.points.map((point) => point.bounds))).toEqual(theirs(data).map((layer) => layer.map((point) => [point[0], point[1]])));
  });
});

describe("linePath and areaPath", () => {
  it("break where a point is missing and close a lone point, as d3 does", () => {
    const points = [{ x: 1, y: 2 }, { x: 3, y: 4.5 }, null, { x: 7, y: 8 }, null, null, { x: 9, y: 1 }, { x: 10, y: 2 }];
    const defined = (point: (typeof points)[number]) => point !== null;
    expect(linePath(points)).toBe(line<(typeof points)[number]>().defined(defined).x((point) => point!.x).y((point) => point!.y)(points));
    expect(areaPath(points, 20)).toBe(
      area<(typeof points)[number]>()
        .defined(defined)
        .x((point) => point!.x)
        .y0(20)
        .y1((point) => point!.y)(points),
    );
    expect(linePath([null])).toBe("");
  });
});
