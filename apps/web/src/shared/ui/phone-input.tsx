import { TextInput, type TextInputProps } from "@mantine/core";
import { formatPhone, normalisePhone, PHONE } from "@stempla/domain";

type PhoneInputProps = Omit<TextInputProps, "type" | "onChange"> & {
  /** The text as typed (Mantine's form handlers take the value as well as an event). */
  onChange?: (value: string) => void;
};

/**
 * A phone field (docs/decisions/007-phone-numbers-e164.md): one plain field for the whole number,
 * with an example as placeholder and nothing in front of it, so a country code can never be
 * entered twice. Leaving the field shows a valid number as it will be stored and shown
 * ("0221 1234567" becomes "+49 221 1234567"); anything else stays as typed for its message.
 */
export function PhoneInput({ onChange, onBlur, ...props }: PhoneInputProps) {
  return (
    <TextInput
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder={PHONE.example}
      {...props}
      onChange={(event) => onChange?.(event.currentTarget.value)}
      onBlur={(event) => {
        const input = event.currentTarget;
        const e164 = normalisePhone(input.value.trim());
        const shown = e164 && formatPhone(e164);
        if (shown && shown !== input.value) {
          // Also for forms that leave the field uncontrolled (the contact form).
          input.value = shown;
          onChange?.(shown);
        }
        onBlur?.(event);
      }}
    />
  );
}
