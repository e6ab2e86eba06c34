// What other modules use of billing (docs/architecture.md, module boundaries): the console's review
// shows since when each location has the digital menu booked.
export { digitalMenuSince } from "./digital-menu.ts";
