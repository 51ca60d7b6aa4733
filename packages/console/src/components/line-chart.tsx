import { Box, Text } from '@mantine/core';
import { useId, useState } from 'react';

import { axisTicks } from '../lib/dashboard.js';
import { formatNumber } from '../lib/format.js';

export type ChartPoint = { key: string; label: string; value: number };

const width = 640;
const height = 220;
const padding = { top: 12, right: 12, bottom: 28, left: 44 };

/**
 * A small line chart in SVG (no chart library): an area under the line, a y axis from zero with
 * round ticks, the first, middle and last labels under it, and the value of the point under the
 * pointer or keyboard focus. `label` names the chart for screen readers.
 */
export const LineChart = ({ points, label }: { points: readonly ChartPoint[]; label: string }) => {
  const gradient = useId();
  const [active, setActive] = useState<number>();
  const ticks = axisTicks(points.map((point) => point.value));
  const top = ticks.at(-1)!;
  const plotWidth = width - padding.left - padding.right;
  const plotHeight = height - padding.top - padding.bottom;
  const x = (index: number) => padding.left + (points.length > 1 ? (index / (points.length - 1)) * plotWidth : plotWidth / 2);
  const y = (value: number) => padding.top + plotHeight - (value / top) * plotHeight;
  const line = points.map((point, index) => `${x(index).toFixed(1)},${y(point.value).toFixed(1)}`).join(' ');
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  const shown = active === undefined ? undefined : points[active];

  return (
    <Box pos="relative">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        // A group, not an image: an image hides its parts, and each point is focusable and read out.
        role="group"
        aria-label={label}
        style={{ display: 'block', overflow: 'visible' }}
        onMouseLeave={() => setActive(undefined)}
      >
        <defs>
          <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--mantine-primary-color-filled)" stopOpacity={0.25} />
            <stop offset="100%" stopColor="var(--mantine-primary-color-filled)" stopOpacity={0} />
          </linearGradient>
        </defs>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={padding.left} x2={width - padding.right} y1={y(tick)} y2={y(tick)} stroke="var(--mantine-color-default-border)" strokeDasharray={tick === 0 ? undefined : '3 3'} />
            <text x={padding.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize={11} fill="var(--mantine-color-dimmed)">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {points.length > 0 && (
          <>
            <polygon points={`${x(0)},${y(0)} ${line} ${x(points.length - 1)},${y(0)}`} fill={`url(#${gradient})`} />
            <polyline points={line} fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth={2} strokeLinejoin="round" />
          </>
        )}
        {points.map((point, index) => (
          <g key={point.key}>
            {labelled.has(index) && (
              <text x={x(index)} y={height - 8} textAnchor={index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle'} fontSize={11} fill="var(--mantine-color-dimmed)">
                {point.label}
              </text>
            )}
            <circle
              cx={x(index)}
              cy={y(point.value)}
              r={active === index ? 4 : 2.5}
              fill="var(--mantine-primary-color-filled)"
              tabIndex={0}
              role="img"
              aria-label={`${point.label}: ${formatNumber(point.value)}`}
              onFocus={() => setActive(index)}
              onBlur={() => setActive(undefined)}
            />
            {/* A wide transparent strip per point, so the pointer need not hit the dot. */}
            <rect
              x={x(index) - plotWidth / Math.max(1, points.length - 1) / 2}
              y={padding.top}
              width={plotWidth / Math.max(1, points.length - 1)}
              height={plotHeight}
              fill="transparent"
              onMouseEnter={() => setActive(index)}
            />
          </g>
        ))}
        {active !== undefined && (
          <line x1={x(active)} x2={x(active)} y1={padding.top} y2={padding.top + plotHeight} stroke="var(--mantine-color-dimmed)" strokeWidth={1} />
        )}
      </svg>
      {shown && (
        <Text
          size="xs"
          fw={600}
          pos="absolute"
          top={0}
          right={0}
          px={8}
          py={2}
          bg="var(--mantine-color-body)"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
          aria-live="polite"
        >
          {shown.label}: {formatNumber(shown.value)}
        </Text>
      )}
    </Box>
  );
};
