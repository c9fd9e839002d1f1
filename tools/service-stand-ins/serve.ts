/**
 * Runs the routing and elevation stand-ins until stopped, for trying the route planner without
 * the outside services (docs/planner-and-weather.md):
 *   npx tsx tools/service-stand-ins/serve.ts
 * prints the ROUTING_URL and ELEVATION_URL to start Stride with.
 */
import { startOpenTopoDataStandIn } from './open-topo-data.ts';
import { startOsrmStandIn } from './osrm.ts';

const [osrm, elevation] = await Promise.all([startOsrmStandIn(), startOpenTopoDataStandIn()]);
console.log(`ROUTING_URL=${osrm.url}`);
console.log(`ELEVATION_URL=${elevation.url}/v1/srtm30m`);
const stop = () => {
  void Promise.all([osrm.close(), elevation.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
