// Runs the Strava simulator on its own so a person can try Stride's Strava feature without a Strava account:
//   npx tsx tools/strava-simulator/main.ts --port 4010 --activities 300 [--seed 7]
import { parseArgs } from 'node:util';
import { createStravaSimulator } from './strava-simulator.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    activities: { type: 'string', default: '300' },
    seed: { type: 'string', default: '42' },
    'client-id': { type: 'string', default: '12345' },
    'client-secret': { type: 'string', default: '5f1e0c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f' },
  },
});

const simulator = await createStravaSimulator({
  port: Number(values.port),
  host: values.host,
  activities: Number(values.activities),
  seed: Number(values.seed),
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
});
const athlete = simulator.state.signedInAthleteId
  ? simulator.state.athletes.get(simulator.state.signedInAthleteId)
  : undefined;

console.log(`Strava simulator listening on ${simulator.url}`);
console.log(
  `Signed in as ${athlete?.firstname ?? '?'} ${athlete?.lastname ?? '?'} (athlete ${athlete?.id ?? '?'}) with ${simulator.state.activities.size} activities.`,
);
console.log('Start Stride with:');
console.log(`  STRAVA_BASE_URL=${simulator.url}`);
console.log(`  STRAVA_CLIENT_ID=${simulator.clientId}`);
console.log(`  STRAVA_CLIENT_SECRET=${simulator.clientSecret}`);
console.log('Press Ctrl+C to stop.');

const shutDown = (): void => {
  simulator.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutDown);
process.on('SIGTERM', shutDown);
