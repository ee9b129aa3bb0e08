// The service's refusals as HTTP problems. The table from refusal kind to status is in
// problems.ts (its error handler maps any `Refusal` thrown below HTTP); routes that catch one may
// convert it here.

export { refusalToProblem } from './problems.ts';
