export { LoadingBoundary, REVEAL_DELAY_MS } from './loading-boundary';
export {
  DefaultPlaceholder,
  HeroPlaceholder,
  LoadingPlaceholder,
  type PlaceholderLayout,
  ServicePlaceholder,
} from './loading-placeholder';
