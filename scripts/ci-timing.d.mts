export declare const separateUnitFiles: Array<[string, RegExp]>
export declare function separateUnitSeconds(vitest: unknown): Record<string, number>
export interface TestTime {
  title: string
  seconds: number
  runner: 'unit' | 'e2e'
}
export declare function testTimes(vitest: unknown, playwright: unknown): TestTime[]
export declare function playwrightTests(report: unknown): Array<{ title: string; test: unknown }>
export declare function slowestTests(vitest: unknown, playwright: unknown, count?: number): TestTime[]
export declare function timingReport(parts: Array<[string, number, string?]>, slowest: TestTime[]): string
