export { usePathAccount } from './overlays/use-path-account';
