import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { ReportMonth } from './orders-api';
import { monthLabel } from './orders-texts';

// Only what a bar-and-line chart needs (ADR 0058): chart.js is tree-shaken, and this file is its own chunk.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Orders and revenue by month (ADR 0058): revenue as bars, orders as a line on its own axis. The canvas is an
 * image to assistive technology, named by its summary; the numbers are in the table beside it (OrdersPage).
 */
export function OrdersChart({ months, summary }: { months: ReportMonth[]; summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const chart = new Chart(canvas.current!, {
      data: {
        labels: months.map((m) => monthLabel(m.month)),
        datasets: [
          { type: 'bar', label: 'Revenue', data: months.map((m) => m.revenue), backgroundColor: '#bf4d24', yAxisID: 'revenue', order: 2 },
          {
            type: 'line',
            label: 'Orders',
            data: months.map((m) => m.orders),
            borderColor: '#1d3d63',
            backgroundColor: '#1d3d63',
            pointStyle: 'rectRot',
            pointRadius: 4,
            yAxisID: 'orders',
            order: 1,
          },
        ],
      },
      options: {
        animation: reduced ? false : undefined,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          revenue: { type: 'linear', position: 'left', beginAtZero: true, ticks: { callback: (v) => usd.format(Number(v)) } },
          orders: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, ticks: { precision: 0 } },
        },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: { callbacks: { label: (c) => (c.dataset.label === 'Revenue' ? `Revenue: ${usd.format(Number(c.raw))}` : `Orders: ${String(c.raw)}`) } },
        },
      },
    });
    return () => chart.destroy();
  }, [months]);
  return (
    <div className="orders-chart-canvas">
      <canvas ref={canvas} role="img" aria-label={summary} data-testid="orders-chart" />
    </div>
  );
}
