/** What other areas may mount from the videos area: the review screen's automated-videos panel. */
export { AutomatedVideosPanel } from './automated-videos-panel.tsx';
