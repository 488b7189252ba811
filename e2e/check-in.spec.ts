import { SEED_IDS, shortIdFromUuid } from './emulator'
import { expect, test } from './support/fixtures'
import {
  checkInsOn,
  onlyCheckInBody,
  SHIP_ENGINE,
  shipEngineGoal,
  textOf,
  openCheckIns,
  checkInRequests,
} from './support/check-in'

const statuses = [
  { label: 'On track', value: 'on_track', teams: '80', load: '2.2' },
  { label: 'Caution', value: 'caution', teams: '75', load: '2.6' },
  { label: 'Off track', value: 'off_track', teams: '60', load: '3.1' },
] as const

test.describe('a goal check-in', () => {
  for (const status of statuses) {
    test(`${status.label}, with target and checklist changes, lands on the server and in the result view`, async ({
      page,
      signedIn,
      emulator,
      openedUrls,
      linkDialog,
    }) => {
      const dueBefore = structuredClone(shipEngineGoal(emulator).timeframe?.contextual_end_date)
      const ui = await openCheckIns(page, signedIn.url)
      await ui.openGoal(SHIP_ENGINE)
      await expect(ui.heading(SHIP_ENGINE)).toBeFocused()

      // Prefilled from the server: current target values and checklist state.
      await expect(ui.target('Weekly active teams')).toHaveValue('72')
      await expect(ui.target('p95 page load')).toHaveValue('2.4')
      await expect(ui.checklistItem('Beta with 5 design partners')).toBeChecked()
      await expect(ui.checklistItem('Security review signed off')).not.toBeChecked()

      await ui.status(status.label).check()
      await ui.target('Weekly active teams').fill(status.teams)
      await ui.target('p95 page load').fill(status.load)
      await ui.checklistItem('Security review signed off').check()
      await ui.checklistItem('Beta with 5 design partners').uncheck()
      await ui.writeMessage(`Status is ${status.label.toLowerCase()} this month.`)
      await ui.submit.click()

      await expect(ui.resultHeading).toBeFocused()

      // What the server stored.
      const goal = shipEngineGoal(emulator)
      expect(goal.targets.map((t) => [t.name, t.value])).toEqual([
        ['Weekly active teams', Number(status.teams)],
        ['p95 page load', Number(status.load)],
      ])
      expect([...goal.checks].sort((a, b) => a.index - b.index).map((c) => [c.name, c.completed])).toEqual([
        ['Beta with 5 design partners', false],
        ['Security review signed off', true],
        ['Pricing page live', false],
      ])
      expect(goal.timeframe?.contextual_end_date).toEqual(dueBefore)
      const stored = checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)!
      expect(stored.status).toBe(status.value)
      expect(JSON.stringify(stored.message)).toContain(`Status is ${status.label.toLowerCase()} this month.`)

      // What the request carried: only changed targets, the full checklist in index order, four keys each.
      const body = onlyCheckInBody(emulator)
      expect(body.status).toBe(status.value)
      expect(JSON.parse(body.new_target_values as string)).toHaveLength(2)
      expect(body.checklist).toEqual(
        [...goal.checks]
          .sort((a, b) => a.index - b.index)
          .map((c) => ({
            id: expect.any(String) as unknown,
            name: c.name,
            completed: c.completed,
            index: c.index,
          })),
      )
      expect('due_date' in body).toBe(false)

      // What the result view shows: what changed, old → new, as the server recorded it.
      const result = page.getByRole('region', { name: 'Check-in sent' })
      const changes = page.getByRole('list', { name: 'What changed' })
      const change = (what: string) => changes.getByRole('listitem').filter({ hasText: what })
      // The goal was "outdated" (owed since the 1st) before this check-in.
      await expect(change('Status')).toHaveText(`StatusOutdated → ${status.label}`)
      await expect(change('Due date')).toHaveText(/^Due date.*\(unchanged\)$/)
      await expect(change('Due date')).toContainText(dueBefore!.value)
      await expect(change('Weekly active teams')).toHaveText(
        `Weekly active teams72 teams → ${status.teams} teams`,
      )
      await expect(change('p95 page load')).toHaveText(`p95 page load2.4 s → ${status.load} s`)
      await expect(change('Security review signed off')).toHaveText(
        'Security review signed offNot done → Done',
      )
      await expect(change('Beta with 5 design partners')).toHaveText(
        'Beta with 5 design partnersDone → Not done',
      )
      await expect(change('Pricing page live')).toHaveCount(0)
      await expect(result).toContainText(`Status is ${status.label.toLowerCase()} this month.`)

      await ui.openInOperately.click()
      await expect.poll(() => linkDialog.asked.length).toBe(1)
      linkDialog.answer(true)
      await expect.poll(() => openedUrls).toHaveLength(1)
      expect(openedUrls[0]).toContain(`/goals/`)
      expect(openedUrls[0]).toContain(shortIdFromUuid(SEED_IDS.goals.shipEngine))
    })
  }

  test('“Next goal” continues with the next goal of yours still owed a check-in, then back to the list', async ({
    page,
    signedIn,
    emulator,
  }) => {
    // Make "Hire a data team" (Ada reviews) owed: its latest check-in is from long ago.
    const dataTeam = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.dataTeam)!
    const latest = emulator.state.checkIns.find((c) => c.id === dataTeam.lastCheckInId)!
    latest.publishedAt = latest.insertedAt = '2025-01-02T10:00:00Z'

    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('On track').check()
    await ui.writeMessage('All good.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeFocused()
    await expect(page.getByText('Next: Hire a data team')).toBeVisible()

    await ui.nextGoal.click()
    await expect(ui.heading('Hire a data team')).toBeFocused()
    await ui.status('Caution').check()
    await ui.writeMessage('Second role still open.')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeFocused()
    await expect(page.getByText('All your goals have a check-in this month.')).toBeVisible()

    await ui.nextGoal.click()
    await expect(ui.goalList).toBeVisible()
    const mine = page.getByRole('group', { name: 'Your goals' })
    await expect(mine.getByRole('option', { name: 'Hire a data team' })).toContainText('Last check-in today')
    await expect(mine.getByRole('option', { name: SHIP_ENGINE })).toContainText('Last check-in today')
  })

  test('the message takes @mentions and links, and the result shows them as Operately does', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('On track').check()
    await ui.writeMessage('Thanks @Grac')
    await page
      .getByRole('listbox', { name: 'People to mention' })
      .getByRole('option', { name: /Grace Hopper/ })
      .waitFor()
    await page.keyboard.press('Enter')
    await page.keyboard.type(' for the review, notes at ')
    await page.getByRole('button', { name: 'Link' }).click()
    await page.getByRole('textbox', { name: 'Link address' }).fill('https://example.com/notes')
    // Enter applies the link; it does not post the check-in.
    await page.keyboard.press('Enter')
    await expect(ui.message.getByRole('link', { name: 'https://example.com/notes' })).toBeVisible()
    expect(checkInRequests(emulator)).toHaveLength(0)
    await ui.submit.click()

    await expect(ui.resultHeading).toBeVisible()
    const content = JSON.stringify(JSON.parse(onlyCheckInBody(emulator).content as string))
    expect(content).toContain('"type":"mention"')
    expect(content).toContain(shortIdFromUuid(SEED_IDS.people.grace))
    const message = page.getByRole('region', { name: 'Check-in sent' }).locator('.ot-view')
    await expect(message).toContainText('Thanks @Grace Hopper for the review')
    await expect(message.getByRole('link', { name: 'https://example.com/notes' })).toHaveAttribute(
      'href',
      'https://example.com/notes',
    )
  })

  test('an empty message is refused before anything is sent, as Operately’s own form does; writing one sends', async ({
    page,
    signedIn,
    emulator,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('Caution').check()
    await ui.submit.click()

    const messageBox = page.getByRole('textbox', { name: 'Message' })
    await expect(messageBox).toBeFocused()
    await expect(messageBox).toHaveAttribute('aria-invalid', 'true')
    await expect(messageBox).toHaveAccessibleDescription(
      /Write a message: Operately takes a check-in only with one/,
    )
    expect(checkInRequests(emulator)).toHaveLength(0)
    // Line breaks and spaces are no message either (Ctrl+Enter sends from the keyboard).
    await page.keyboard.press('Shift+Enter')
    await page.keyboard.type('   ')
    await page.keyboard.press('Control+Enter')
    await expect(messageBox).toHaveAttribute('aria-invalid', 'true')
    expect(checkInRequests(emulator)).toHaveLength(0)

    await page.keyboard.type('Blocked on the supplier.')
    await expect(messageBox).not.toHaveAttribute('aria-invalid', 'true')
    await ui.submit.click()
    await expect(ui.resultHeading).toBeVisible()
    expect(JSON.parse(onlyCheckInBody(emulator).content as string).content[0].content).toContainEqual(
      expect.objectContaining({ type: 'text', text: expect.stringContaining('Blocked on the supplier.') }),
    )
  })

  test('notifies only the people chosen', async ({ page, signedIn, emulator }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.status('On track').check()
    await ui.writeMessage('Quiet update.')
    await ui.notifyChosen.check()
    const people = page.getByRole('group', { name: 'People to notify' })
    await expect(people.getByRole('checkbox')).not.toHaveCount(0)
    for (const box of await people.getByRole('checkbox', { disabled: false }).all()) await box.uncheck()
    // The reviewer is always told, as in Operately's form: her box stays ticked.
    const barbara = people.getByRole('checkbox', { name: /Barbara Liskov/ })
    await barbara.click({ force: true })
    await expect(barbara).toBeChecked()
    await ui.submit.click()
    await expect(ui.resultHeading).toBeVisible()

    const body = onlyCheckInBody(emulator)
    expect(body.send_notifications_to_everyone).toBe(false)
    expect(body.subscriber_ids).toHaveLength(1)
    expect(String((body.subscriber_ids as string[])[0])).toContain(shortIdFromUuid(SEED_IDS.people.barbara))
  })
})

test.describe('the goal picker', () => {
  test('lists your goals first with status, due date and last check-in; view-only goals are marked', async ({
    page,
    signedIn,
    emulator,
  }) => {
    // The support backlog's latest check-in happened a moment ago, whatever the time of day.
    const backlog = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.supportBacklog)!
    const latest = emulator.state.checkIns.find((c) => c.id === backlog.lastCheckInId)!
    latest.publishedAt = latest.insertedAt = new Date().toISOString()
    await openCheckIns(page, signedIn.url)
    const mine = page.getByRole('group', { name: 'Your goals' })
    const others = page.getByRole('group', { name: 'Other goals' })
    await expect(mine.getByRole('option')).toHaveText([
      /Cut the support backlog in half/,
      /Hire a data team/,
      /Ship the Analytical Engine v2/,
    ])
    await expect(others.getByRole('option', { name: /Publish the compiler handbook/ })).toBeVisible()
    await expect(page.getByRole('option', { name: /Acquire Difference Engine/ })).toHaveCount(0)
    await expect(mine.getByRole('option', { name: 'Cut the support backlog in half' })).toContainText(
      'Last check-in today',
    )
    const ship = mine.getByRole('option', { name: SHIP_ENGINE })
    await expect(ship).toContainText(/Due \w{3} \d{1,2}/)
    expect(await textOf(ship)).toMatch(/Last check-in \d+ (days|months) ago/)

    // Goals she cannot check in on are marked from the start, before any has been opened.
    await expect(
      page.getByRole('option', { name: /^Publish the compiler handbook View only/ }),
    ).toContainText('View only')
    await expect(page.getByRole('option', { name: /^Improve onboarding docs View only/ })).toContainText(
      'View only',
    )
    await expect(ship).not.toContainText('View only')
    expect(emulator.state.requests.filter((r) => r.endpoint === 'goals/get')).toHaveLength(2)
  })

  test('typing filters; arrow keys move through the results; Enter opens', async ({ page, signedIn }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await expect(ui.filter).toBeFocused()
    await page.keyboard.type('the')
    await expect(page.getByRole('option')).toHaveText([
      /Cut the support backlog in half/,
      /Ship the Analytical Engine v2/,
      /Publish the compiler handbook/,
    ])
    await expect(page.getByRole('option', { selected: true })).toHaveText(/Cut the support backlog/)
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('option', { selected: true })).toHaveText(/Ship the Analytical Engine/)
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await expect(page.getByRole('option', { selected: true })).toHaveText(/Publish the compiler handbook/)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
  })

  test('pasting a link to a goal opens that goal, whatever its slug says', async ({
    page,
    signedIn,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const ui = await openCheckIns(page, signedIn.url)
    const link = `https://app.operately.com/analytical-engines/goals/old-name-${shortIdFromUuid(SEED_IDS.goals.dataTeam)}?tab=check-ins`
    await page.evaluate((text) => navigator.clipboard.writeText(text), link)
    await ui.filter.focus()
    await page.keyboard.press('ControlOrMeta+V')
    await expect(ui.heading('Hire a data team')).toBeFocused()
  })
})
