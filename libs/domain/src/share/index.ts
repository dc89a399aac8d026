export * from './share.events';
export * from './share.rules';
export { evolveShare, initialShareState, type ShareState } from './share.state';
export { decideShare, shareDecider, shareOpenTo, SHARE_ERRORS, type ShareCommand, type ShareViewer } from './share.decide';
