/*
 * The page of the trend chart's browser test (e2e/check-in-trend.spec.ts), bundled by the spec with esbuild
 * and served on 127.0.0.1. It draws the check-in form's targets as the form does (TargetFields, the app's
 * styles, inside the popup's frame and padding) for a goal whose history is given here, one target per
 * awkward case: the form itself does not receive history from this branch's code, so the page hands
 * TargetFields its `history` prop directly. `?locale=` picks how numbers are written (en-US by default).
 */
import { createRoot } from 'react-dom/client'
import { useForm } from 'react-hook-form'
import type { Target } from '@shared/domain/goals'
import '../../../styles/index.css'
import type { CheckInFormValues } from '../form-values'
import { targetText } from '../form-values'
import { TargetFields } from '../TargetFields'
import type { TrendPoint } from '../trend-geometry'

const locale = new URL(location.href).searchParams.get('locale') ?? 'en-US'

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString()
const weekly = (...values: number[]): TrendPoint[] =>
  values.map((value, i) => ({ at: day(7 * (values.length - i)), value }))

const target = (index: number, part: Omit<Target, 'index'>): Target => ({ ...part, index })

const targets: Target[] = [
  target(0, { id: 'revenue', name: 'Revenue', from: 10, to: 100, unit: 'k€', value: 40 }),
  target(1, { id: 'churn', name: 'Churn', from: 9, to: 2, unit: '%', value: 5.5 }),
  target(2, { id: 'headcount', name: 'Headcount', from: 12, to: 12, unit: null, value: 12 }),
  target(3, { id: 'market-cap', name: 'Market cap', from: 0, to: 4e15, unit: 'USD', value: 9.5e14 }),
  target(4, { id: 'balance', name: 'Net balance', from: -500, to: 250, unit: null, value: 400 }),
  target(5, { id: 'hires', name: 'New hires', from: 0, to: 30, unit: 'people', value: null }),
  target(6, { id: 'offices', name: 'Offices', from: 1, to: 4, unit: null, value: 2 }),
]

const history: Record<string, TrendPoint[]> = {
  // Oldest last on purpose: the chart orders check-ins by time, not by the order it is given them.
  revenue: weekly(10, 25, 40).reverse(),
  churn: weekly(9, 7.5, 5.5),
  headcount: weekly(12, 12, 12),
  'market-cap': weekly(1.2e14, 6e14, 9.5e14),
  balance: weekly(-900, -120, 400),
  offices: weekly(2),
  // New hires: no check-in recorded a value yet.
}

function TrendPage() {
  const form = useForm<CheckInFormValues>({
    defaultValues: {
      status: '',
      targets: targets.map((t) => ({ id: t.id, value: targetText(t.value, locale) })),
      checklist: [],
      notify: { mode: 'everyone', personIds: [] },
    },
  })
  return (
    <div className="popup">
      <header className="popup__bar">
        <span className="popup__title">Operately Tray</span>
      </header>
      <main className="popup__body">
        <section className="check-in" aria-labelledby="trend-page-title">
          <header className="check-in__head">
            <h1 id="trend-page-title" className="check-in__title">
              Grow the business
            </h1>
          </header>
          <div role="form" className="check-in__form" aria-label="Check-in">
            <TargetFields
              targets={targets}
              form={form}
              locale={locale}
              errors={undefined}
              areaError={undefined}
              history={history}
            />
          </div>
        </section>
      </main>
    </div>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('the trend page has no #root element')
createRoot(root).render(<TrendPage />)
