/**
 * The /ops route's lazy module, one step removed from the screens: the entry chunk's route table then
 * lists this one small file, not the back-office's stylesheet and every chunk it shares, so a customer's first
 * load carries only the route's line.
 */
export const loadOps = () => import('./OpsApp');
