/**
 * Floor of `/app` for `npm run bench`: the dashboard's first figures and weekly chart from the
 * same libraries (React, Mantine, TanStack Router and Query, Firebase Auth), fed from constants:
 * no sign-in, no API. The chart is twelve boxes, as the portal draws it since it dropped Mantine's
 * chart (recharts and d3, docs/decisions/025).
 */
import '@mantine/core/styles.css';
import {
  Box,
  Container,
  MantineProvider,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider, createRootRoute, createRouter } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { auth } from './firebase';

const FIGURES = { 'Open orders': 12, 'On hand': 4800, 'Due this week': 3, 'Late lines': 1 };
const WEEKS = Array.from({ length: 12 }, (_, i) => ({
  week: `W${i + 1}`,
  qty: 100 + ((i * 37) % 90),
}));

function Dashboard() {
  const { data } = useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => ({ figures: FIGURES, weeks: WEEKS, signedIn: auth.currentUser !== null }),
  });
  if (!data) return null;
  return (
    <Container py="xl">
      <Stack>
        <Title order={1}>Dashboard</Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {Object.entries(data.figures).map(([label, value]) => (
            <Paper key={label} withBorder p="md">
              <Text size="sm">{label}</Text>
              <Text fw={700} size="xl">
                {value}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Box
          role="img"
          aria-label="Shipped per week"
          h={220}
          display="flex"
          style={{ alignItems: 'end', gap: 4 }}
        >
          {data.weeks.map((w) => (
            <Box key={w.week} title={w.week} flex={1} bg="blue.6" h={`${(w.qty / 200) * 100}%`} />
          ))}
        </Box>
      </Stack>
    </Container>
  );
}

const router = createRouter({ routeTree: createRootRoute({ component: Dashboard }) });

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </MantineProvider>,
);
