// The insights page's charts, drawn with visx (SVG; loaded with this page only). Each is an
// image with a name that says what it shows and that its numbers are in the table beside it
// (role="img", aria-label and <title>), labelled directly (no legend to match colours with),
// and told apart without colour: lines by dash pattern, bars by lightness and by hatching.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatCount } from '../../lib/format';

/** The width the chart's box has now, following it as it changes (a phone turned, a window resized). */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const INK = '#0f172a'; // slate-900
const AXIS = '#475569'; // slate-600: 4.5:1 on white for the axes' text
const GRID = '#e2e8f0';

function Figure({ label, height, className = '', children }: { label: string; height: number; className?: string; children: (width: number) => ReactNode }) {
  const [ref, width] = useWidth();
  return (
    <div ref={ref} className={`w-full ${className}`} style={{ minHeight: height }}>
      {width > 0 ? (
        <svg role="img" aria-label={label} width={width} height={height} className="block overflow-visible">
          <title>{label}</title>
          {children(width)}
        </svg>
      ) : null}
    </div>
  );
}

export interface Series {
  key: string;
  label: string;
  values: number[];
  colour: string;
  /** The line's dash pattern (none: solid). */
  dash?: string;
}

/** Where each group of `per` values in a row begins, counted from the end: the newest groups are whole, the first may be short. */
const starts = (length: number, per: number): number[] => {
  const first = length % per;
  return [...(first > 0 ? [0] : []), ...Array.from({ length: Math.floor(length / per) }, (_, i) => first + i * per)];
};
const sums = (values: number[], at: number[]): number[] => at.map((start, i) => values.slice(start, at[i + 1] ?? values.length).reduce((a, b) => a + b, 0));

/**
 * Lines over the days of a range, each named at its end; the days on the x axis, counts on the
 * y axis. Where a day would get less than 5 px (90 days on a phone), a point is a week (the sum
 * of 7 days, named by its first day; counted back from the last day, so only the first point
 * may hold fewer) and `weekly` says so under the chart.
 */
export function LineChart({ label, days, series, dayLabel, weekly }: { label: string; days: string[]; series: Series[]; dayLabel(day: string): string; weekly: string }) {
  const height = 240;
  const margin = { top: 12, right: 76, bottom: 28, left: 40 };
  const [ref, width] = useWidth();
  const innerWidth = Math.max(40, width - margin.left - margin.right);
  const per = innerWidth / Math.max(1, days.length) < 5 ? 7 : 1;
  const at = starts(days.length, per);
  const points = at.map((i) => days[i]!);
  const lines = series.map((s) => ({ ...s, values: sums(s.values, at) }));
  const max = Math.max(1, ...lines.flatMap((s) => s.values));
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleLinear<number>({ domain: [0, Math.max(1, points.length - 1)], range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  // About one tick per 80 px, always the first and last point.
  const count = Math.max(2, Math.min(points.length, Math.floor(innerWidth / 80)));
  const ticks = [...new Set(Array.from({ length: count }, (_, i) => Math.round((i * (points.length - 1)) / Math.max(1, count - 1))))];
  // The names at the lines' ends, moved apart when the ends are close.
  const ends = lines.map((s) => ({ s, at: y(s.values[s.values.length - 1] ?? 0) })).sort((a, b) => a.at - b.at);
  for (let i = 1; i < ends.length; i += 1) ends[i]!.at = Math.max(ends[i]!.at, ends[i - 1]!.at + 14);
  return (
    <div ref={ref} className="w-full" style={{ minHeight: height }}>
      {width > 0 ? (
        <svg role="img" aria-label={label} width={width} height={height} className="block overflow-visible">
          <title>{label}</title>
          <Group left={margin.left} top={margin.top}>
            {y.ticks(4).map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke={GRID} />
            ))}
            <AxisLeft scale={y} numTicks={4} tickFormat={(v) => formatCount(Number(v))} stroke={AXIS} tickStroke={AXIS} tickLabelProps={{ fill: AXIS, fontSize: 11, textAnchor: 'end', dx: -2, dy: 3 }} />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={ticks}
              tickFormat={(v) => dayLabel(points[Number(v)] ?? '')}
              stroke={AXIS}
              tickStroke={AXIS}
              tickLabelProps={(_, index) => ({ fill: AXIS, fontSize: 11, textAnchor: index === 0 ? 'start' : index === ticks.length - 1 ? 'end' : 'middle' })}
            />
            {lines.map((s) => (
              <LinePath key={s.key} data={s.values} x={(_, i) => x(i)} y={(v) => y(v)} stroke={s.colour} strokeWidth={2.5} strokeDasharray={s.dash} strokeLinejoin="round" />
            ))}
            {ends.map(({ s, at }) => (
              <text key={s.key} x={innerWidth + 6} y={at + 4} fill={s.colour} fontSize={12} fontWeight={600}>
                {s.label}
              </text>
            ))}
          </Group>
        </svg>
      ) : null}
      {per > 1 ? <p className="mt-1 text-xs text-slate-600">{weekly}</p> : null}
    </div>
  );
}

export type BarStyle = 'dark' | 'light' | 'hatch';

export interface BarItem {
  key: string;
  label: string;
  /** What the bars say, written at their end. */
  note: string;
  /** One line of bars each; bars of one line drawn over each other, longest first. */
  lines: Array<Array<{ value: number; style: BarStyle }>>;
}

const FILL: Record<Exclude<BarStyle, 'hatch'>, string> = { dark: '#115e59', light: '#99f6e4' };

/** Horizontal bars, an item a row: its name and what its bars say on a line, its bars below, the whole width. */
export function BarChart({ label, items, max }: { label: string; items: BarItem[]; max: number }) {
  const hatch = useId().replace(/:/g, '');
  const BAR = 14;
  const rowHeight = (item: BarItem) => 20 + item.lines.length * (BAR + 3) + 10;
  const height = items.reduce((sum, item) => sum + rowHeight(item), 0);
  return (
    // Not wider than a phone held sideways: on a desktop each bar's name and numbers stay near it.
    <Figure label={label} height={height} className="max-w-2xl">
      {(width) => {
        const x = scaleLinear<number>({ domain: [0, max || 1], range: [0, width], clamp: true });
        let top = 0;
        return (
          <>
            <defs>
              <pattern id={hatch} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width={6} height={6} fill="#ffffff" />
                <line x1={0} y1={0} x2={0} y2={6} stroke={INK} strokeWidth={2.5} />
              </pattern>
            </defs>
            {items.map((item) => {
              const at = top;
              top += rowHeight(item);
              // The name takes the room the note leaves (about 7.5 px a character of 13 px bold, 6.5 of 12 px).
              const room = Math.max(8, Math.floor((width - item.note.length * 6.5 - 12) / 7.5));
              const name = item.label.length > room ? `${item.label.slice(0, room - 1)}…` : item.label;
              return (
                <Group key={item.key} top={at}>
                  <text y={14} fill={INK} fontSize={13} fontWeight={600}>
                    {name}
                  </text>
                  <text x={width} y={14} fill={INK} fontSize={12} textAnchor="end">
                    {item.note}
                  </text>
                  {item.lines.map((line, i) => (
                    <Group key={i} top={20 + i * (BAR + 3)}>
                      <line x1={0.5} x2={0.5} y1={-1} y2={BAR + 1} stroke={AXIS} />
                      {[...line].sort((a, b) => b.value - a.value).map((bar, j) => (
                        <Bar
                          key={j}
                          width={Math.max(bar.value > 0 ? 2 : 0, x(bar.value))}
                          height={BAR}
                          fill={bar.style === 'hatch' ? `url(#${hatch})` : FILL[bar.style]}
                          stroke={bar.style === 'hatch' ? INK : undefined}
                          strokeWidth={bar.style === 'hatch' ? 1 : undefined}
                        />
                      ))}
                    </Group>
                  ))}
                </Group>
              );
            })}
          </>
        );
      }}
    </Figure>
  );
}
