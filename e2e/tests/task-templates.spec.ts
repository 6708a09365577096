import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { axeCheck } from './accessibility-support.ts';
import { callApi } from './planning-support.ts';
import { openPaletteWithKeys, paletteGroup } from './search-support.ts';

// Issue 43, templates: a task saved as a template, then a task made from it in the add-task dialog
// with its checklist and sub-tasks; a ready template from the palette's "New task from template"; and a
// project made from this one, which offers the same templates.

inEachLook('task templates', ({ scheme }) => {
  test('a task from a template comes with its checklist and sub-tasks', async ({ page, mail, baseURL }) => {
    const tess = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Tess',
      lastname: 'Template',
      organization: `Templates ${scheme}`,
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL, tess.organizationId, {
      project: 'Studio',
      trigram: 'STU',
      task: 'Review the onboarding',
    });
    for (const text of ['Link the Figma frames', 'Check contrast']) {
      await callApi(page, baseURL, 'POST', `/api/tasks/${taskId}/checklist`, { text });
    }
    await callApi(page, baseURL, 'POST', `/api/projects/${projectId}/tasks`, {
      title: 'Apply the feedback',
      parent_id: taskId,
    });

    // The task page's menu saves it as a template.
    await page.goto(`/task/${taskId}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.getByRole('button', { name: 'Actions for Review the onboarding' }).first().click();
    await page.getByRole('menuitem', { name: 'Save as template' }).click();
    const saving = page.getByRole('dialog', { name: 'Save as template' });
    await saving.getByRole('textbox', { name: 'Template name' }).fill('Screen review');
    await saving.getByRole('textbox', { name: 'Title pattern' }).fill('Review: ');
    await saving.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByText('Saved as the template “Screen review”')).toBeVisible();

    // The add-task dialog offers it; the task comes with the checklist and the sub-task.
    await page.goto(`/project/${projectId}/list`);
    await page.getByRole('button', { name: 'Add a task' }).click();
    const adding = page.getByRole('dialog', { name: 'Add a task' });
    await adding.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Screen review' }).click();
    await expect(adding.getByText('The task comes with 2 checklist items and 1 sub-task.')).toBeVisible();
    await expect(adding.getByRole('textbox', { name: 'Title' })).toHaveValue('Review:');
    await adding.getByRole('textbox', { name: 'Title' }).fill('Review: the pricing page');
    await page.screenshot({ path: test.info().outputPath(`add-from-template-${scheme}.png`) });
    // No serious or critical axe finding with the dialog open on a template.
    const { violations } = await axeCheck(page);
    expect(
      violations
        .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`),
    ).toEqual([]);
    await adding.getByRole('button', { name: 'Create' }).click();
    await expect(adding).toBeHidden();
    await page.getByRole('link', { name: 'Review: the pricing page' }).first().click();
    await expect(page.getByRole('heading', { name: 'Review: the pricing page' })).toBeVisible();
    const checklist = page.getByRole('list', { name: 'Checklist items' });
    await expect(checklist.getByRole('checkbox')).toHaveCount(2);
    await expect(checklist.getByRole('checkbox', { name: 'Link the Figma frames' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sub-tasks' })).toContainText('Apply the feedback');

    // The palette's "New task from template" opens the dialog on the picker: a ready template.
    await page.goto(`/project/${projectId}/list`);
    await expect(page.getByRole('button', { name: 'Add a task' })).toBeVisible();
    await openPaletteWithKeys(page);
    await page.keyboard.type('template');
    await paletteGroup(page, 'Actions')
      .getByRole('button', { name: /New task from template/ })
      .click();
    await expect(adding.getByRole('combobox', { name: 'Template' })).toBeFocused();
    await adding.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Bug report' }).click();
    await adding.getByRole('textbox', { name: 'Title' }).fill('Bug: the menu hides the title');
    await adding.getByRole('button', { name: 'Create' }).click();
    await expect(adding).toBeHidden();
    await expect(page.getByRole('link', { name: 'Bug: the menu hides the title' }).first()).toBeVisible();

    // A project made from this one starts with its templates (and statuses and fields), no tasks.
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Add a project' }).click();
    const newProject = page.getByRole('dialog', { name: 'Add a project' });
    await newProject.getByRole('textbox', { name: 'Name' }).fill('Studio two');
    await newProject.getByRole('combobox', { name: 'Start from' }).selectOption({ label: 'Studio' });
    await newProject.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Studio two' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Review: the pricing page' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add a task' }).click();
    await adding.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Screen review' }).click();
    // A project's own template can be removed there; the ready ones cannot.
    await adding.getByRole('button', { name: 'Remove template' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this template?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Template “Screen review” removed')).toBeVisible();
    await adding.getByRole('combobox', { name: 'Template' }).click();
    await expect(page.getByRole('option', { name: 'Bug report' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Screen review' })).toHaveCount(0);
  });
});
