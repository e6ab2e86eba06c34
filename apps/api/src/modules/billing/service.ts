// What other modules use of billing (docs/architecture.md, module boundaries): the console's review
// shows since when each location has the digital menu booked; the partner's menu page books it
// (docs/decisions/009-digital-menu.md, section 1).
export { digitalMenuSince, setDigitalMenu } from "./digital-menu.ts";
