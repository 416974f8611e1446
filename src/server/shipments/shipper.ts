/** The shipper of a server not told its plant's address (SHIPPER_ADDRESS in env.ts): the demo plant. */
export const DEMO_SHIPPER: readonly string[] = [
  'Acme Manufacturing, Plant 1',
  '100 Mill Road',
  'Springfield, OH 45501',
  'USA',
];
