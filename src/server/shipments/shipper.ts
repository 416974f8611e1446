/**
 * The plant of a server not told its own (PLANT_NAME and PLANT_ADDRESS in env.ts): the demo plant,
 * as the shipping papers print the shipper and the emails their sender.
 */
export const DEMO_PLANT = {
  name: 'Acme Manufacturing, Plant 1',
  address: ['100 Mill Road', 'Springfield, OH 45501', 'USA'],
} as const;

/** The plant as the shipping papers print the shipper: its name, then its address, a line each. */
export const plantLines = (plant: { name: string; address: readonly string[] }): string[] => [
  plant.name,
  ...plant.address,
];
