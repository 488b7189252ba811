// Types for scripts/lint-workflows.mjs (its tests import it from TypeScript).

export interface WorkflowProblem {
  line: number
  column: number
  message: string
  kind: string
}

export function actionlintProblems(text: string): Promise<WorkflowProblem[]>
export function pinningProblems(text: string): WorkflowProblem[]
export function workflowProblems(text: string): Promise<WorkflowProblem[]>
export function workflowFiles(dir?: string): string[]
