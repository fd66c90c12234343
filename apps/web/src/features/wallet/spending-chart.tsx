import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';

/** Usage charges per day; a quiet period says so instead of drawing empty bars. */
export function SpendingChart({ days }: { days: { date: string; usd: string }[] }) {
  const data = days.map((day) => ({ date: day.date.slice(5), Spent: Number(day.usd) }));
  if (data.every((day) => day.Spent === 0)) {
    return (
      <Text size="sm" c="dimmed">
        No usage charges in the last {days.length} days.
      </Text>
    );
  }
  return (
    <BarChart
      h={180}
      data={data}
      dataKey="date"
      series={[{ name: 'Spent', color: 'brand.6' }]}
      valueFormatter={(value) => `$${value.toFixed(2)}`}
      tickLine="none"
      gridAxis="y"
    />
  );
}
