/**
 * What a visitor did to a server-rendered page's form before React was attached to it
 * (docs/decisions/012-server-rendered-public-pages.md, "Input before hydration"): typed into it, a
 * password manager filled it in, or it was submitted. React adopts the server's DOM as it is, so
 * without this the fields would show what was typed while the form's state still holds the
 * server's empty values, and a submit would be sent by the browser itself: a reload that loses
 * everything typed.
 */

/** A submit the boot script held back because the page was not hydrated yet. */
export interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

declare global {
  interface Window {
    /** Set by the boot script (boot.ts), taken by submitHeldForm(). */
    stemplaHeldSubmit?: HeldSubmit;
  }
}

/** Input types whose value a visitor cannot have changed by typing. */
const NOT_TYPED = new Set(["button", "file", "hidden", "image", "reset", "submit"]);

/**
 * Hands every field under `root` whose value differs from the server's to React as a change, so
 * the form's state (Mantine's form, a component's state) gets what the field shows. Runs once,
 * right after the fields were hydrated.
 *
 * React notices a change by comparing the field's value with the one it last saw (its value
 * tracker, which it set from the field at hydration, i.e. to the typed value). So the field is
 * first set back to the server's value through the `value` property React watches, then given the
 * typed value again through the element's own setter, which React does not watch, and the input
 * event then carries a change. Check boxes and radio buttons are reset the same way and clicked.
 */
export function adoptInputBeforeHydration(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (field.disabled || field.readOnly) continue;
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      // A radio button is changed by checking another one: only the checked one is handed over.
      const changed =
        field.type === "checkbox"
          ? field.checked !== field.defaultChecked
          : field.checked && !field.defaultChecked;
      if (!changed) continue;
      field.checked = !field.checked;
      field.click();
      continue;
    }
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * Submits again the form the visitor submitted before hydration, now that React handles it (with
 * the button they pressed, so a form with several buttons does what was asked). A form that is no
 * longer on the page is dropped.
 */
export function submitHeldForm(): void {
  const held = window.stemplaHeldSubmit;
  window.stemplaHeldSubmit = undefined;
  delete document.documentElement.dataset.heldSubmit;
  if (!held?.form.isConnected) return;
  const submitter =
    (held.submitter instanceof HTMLButtonElement || held.submitter instanceof HTMLInputElement) &&
    held.submitter.form === held.form
      ? held.submitter
      : undefined;
  held.form.requestSubmit(submitter);
}
