/** Ports and ids the scripts agree on. `npm start` and `npm test` use different ports so both can run at once. */
export const PROJECT_ID = 'demo-portal';
export const START_PORT = 8080;
export const START_EMULATOR_PORT = 9099;
export const TEST_EMULATOR_PORT = 9199;
export const E2E_PORT = 8090;
