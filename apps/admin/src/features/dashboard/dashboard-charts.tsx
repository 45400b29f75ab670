import type { ReactNode } from 'react';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { Bar, Line, Pie } from 'react-chartjs-2';
import { formatDay } from '../../lib/format';
import { BAR_COLOURS, CHART_ANIMATION_MS, LINE_COLOURS, PIE_COLOURS } from './chart-palette';
import { useInViewOnce } from './use-in-view';

// Only the pieces these three charts use, so the rest of chart.js is tree-shaken away.
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend, Filler);
ChartJS.defaults.font.family = "'Nunito Sans', system-ui, sans-serif";
ChartJS.defaults.color = '#5f5643';

const cycle = (colours: readonly string[], n: number) => Array.from({ length: n }, (_, i) => colours[i % colours.length]!);

function describe(title: string, labels: string[], values: number[]): string {
  if (labels.length === 0) return `${title}: no data`;
  return `${title}: ${labels.map((l, i) => `${l} ${values[i]}`).join(', ')}`;
}

function ChartCard({ title, empty, label, children }: { title: string; empty: boolean; label: string; children: ReactNode }) {
  const [ref, seen] = useInViewOnce<HTMLElement>();
  return (
    <figure className="chart-card card" ref={ref}>
      <figcaption className="chart-card__title">{title}</figcaption>
      <div className="chart-card__canvas" role="img" aria-label={label}>
        {empty ? <p className="empty-state">No Data Found</p> : seen ? children : null}
      </div>
    </figure>
  );
}

const axes: ChartOptions<'bar' | 'line'>['scales'] = {
  x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 7 } },
  y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: '#efe6d3' } },
};

export function OrdersChart({ points }: { points: Array<{ day: string; number_of_orders: number }> }) {
  const labels = points.map((p) => formatDay(p.day));
  const values = points.map((p) => p.number_of_orders);
  const data = {
      labels,
      datasets: [
        {
          label: 'Orders',
          data: values,
          borderColor: LINE_COLOURS[0],
          backgroundColor: 'rgba(63, 90, 42, 0.12)',
          pointBackgroundColor: cycle(LINE_COLOURS, values.length),
          pointBorderColor: cycle(LINE_COLOURS, values.length),
          pointRadius: 4,
          fill: true,
          tension: 0.3,
        },
      ],
  };
  return (
    <ChartCard title="Orders per day" empty={points.length === 0} label={describe('Orders per day', labels, values)}>
      <Line
        aria-hidden="true"
        data={data}
        options={{ responsive: true, maintainAspectRatio: false, animation: { duration: CHART_ANIMATION_MS }, plugins: { legend: { display: false } }, scales: axes as ChartOptions<'line'>['scales'] }}
      />
    </ChartCard>
  );
}

export function UsersChart({ points }: { points: Array<{ day: string; number_of_users: number }> }) {
  const labels = points.map((p) => formatDay(p.day));
  const values = points.map((p) => p.number_of_users);
  return (
    <ChartCard title="Users per day" empty={points.length === 0} label={describe('Users per day', labels, values)}>
      <Bar
        aria-hidden="true"
        data={{
          labels,
          datasets: [
            { label: 'Users per day', data: values, backgroundColor: cycle(BAR_COLOURS, values.length), borderRadius: 6, maxBarThickness: 42 },
          ],
        }}
        options={{ responsive: true, maintainAspectRatio: false, animation: { duration: CHART_ANIMATION_MS }, plugins: { legend: { display: false } }, scales: axes as ChartOptions<'bar'>['scales'] }}
      />
    </ChartCard>
  );
}

export function ProductsChart({ slices }: { slices: Array<{ category: string; number_of_products: number }> }) {
  const labels = slices.map((s) => s.category);
  const values = slices.map((s) => s.number_of_products);
  return (
    <ChartCard
      title="Products per category"
      empty={slices.length === 0}
      label={describe('Products per category', labels, values)}
    >
      <Pie
        aria-hidden="true"
        data={{
          labels,
          datasets: [
            {
              label: 'Products',
              data: values,
              backgroundColor: cycle(PIE_COLOURS, values.length),
              borderColor: '#fffdf8',
              borderWidth: 2,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: { duration: CHART_ANIMATION_MS },
          plugins: { legend: { position: 'bottom', labels: { boxWidth: 12, usePointStyle: true } } },
        }}
      />
    </ChartCard>
  );
}
