import { Box, Button, Grid, Group, Stack, Text, TextInput } from "@mantine/core";
import { latitudeSchema, longitudeSchema, translate } from "@stempla/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../i18n/locale.ts";
import { type PlaceQuery, useDerivedPosition, useMapTiles } from "./geo-calls.ts";
import type { PinMap } from "./pin-map.ts";
import "./pin-map.css";

export interface Pin {
  latitude: number;
  longitude: number;
}

const samePin = (a: Pin | null | undefined, b: Pin | null | undefined) =>
  a?.latitude === b?.latitude && a?.longitude === b?.longitude;

/** "50,9375" or "50.9375": the decimal comma as German users type it. */
const parseDegrees = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (!/^-?\d{1,3}([.,]\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed.replace(",", "."));
};

/**
 * Where the app shows the location (docs/geo-positions.md): a map with the pin, and the pin's
 * latitude and longitude as numbers. The pin starts at the saved position, or where the address
 * lies as far as the server can tell offline (the postcode's town); the partner clicks the map,
 * drags the pin or types the numbers to put it on the door. Only a pin placed here (`pin`) is
 * sent with the form; "reset to the address" places it on the derived position again.
 */
export function PositionPicker({
  address,
  stored,
  addressChanged,
  pin,
  onPinChange,
  errors = {},
}: {
  address: PlaceQuery;
  /** The saved position; null when there is none yet. */
  stored: Pin | null;
  /** The typed address differs from the saved one: the server will place it anew. */
  addressChanged: boolean;
  /** The pin the partner placed in this form; null follows the address. */
  pin: Pin | null;
  onPinChange: (pin: Pin | null) => void;
  errors?: { latitude?: string | undefined; longitude?: string | undefined };
}) {
  const { t } = useTranslation("locations");
  const locale = useLocale();
  const derived = useDerivedPosition(address);
  const tiles = useMapTiles();
  const derivedPin = derived.data
    ? { latitude: derived.data.latitude, longitude: derived.data.longitude }
    : null;
  // What the server will store if the form is saved now (positionFor in the API).
  const shown = pin ?? (!addressChanged && stored ? stored : (derivedPin ?? stored));
  const source = pin
    ? "placed"
    : !addressChanged && stored
      ? "stored"
      : derivedPin
        ? derived.data?.precision === "postcode"
          ? "postcode"
          : "town"
        : stored
          ? "stored"
          : "none";

  // The map, loaded with Leaflet once the tile settings are known (or could not be read).
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<PinMap | undefined>(undefined);
  const picked = useRef<Pin | null>(null);
  const onPick = useRef(onPinChange);
  onPick.current = onPinChange;
  const [mapReady, setMapReady] = useState(false);
  const tileSettings = tiles.data ?? (tiles.isError ? { url: null, attribution: "" } : undefined);
  const pinLabel = t("map.pinLabel");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made anew only when the tile settings' values change
  useEffect(() => {
    const element = container.current;
    if (!tileSettings || !element) return;
    let cancelled = false;
    let created: PinMap | undefined;
    void import("./pin-map.ts").then(({ createPinMap }) => {
      if (cancelled) return;
      created = createPinMap(element, {
        tiles: tileSettings,
        pinLabel,
        onPick: (position) => {
          picked.current = position;
          onPick.current(position);
        },
      });
      map.current = created;
      setMapReady(true);
    });
    return () => {
      cancelled = true;
      created?.remove();
      map.current = undefined;
      setMapReady(false);
    };
  }, [tileSettings?.url, tileSettings?.attribution, pinLabel]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the pin moves when its numbers change, not its object
  useEffect(() => {
    if (!mapReady) return;
    // A pin the partner just clicked or dragged stays where the map is; anything else is centred.
    map.current?.setPin(shown, !samePin(shown, picked.current));
  }, [mapReady, shown?.latitude, shown?.longitude]);

  // The number fields follow the pin, except while the partner is typing a value that parses to it.
  const format = (value: number) =>
    value.toLocaleString(locale, { maximumFractionDigits: 6, useGrouping: false });
  const [text, setText] = useState({ latitude: "", longitude: "" });
  const [typingError, setTypingError] = useState<{ latitude?: string; longitude?: string }>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the pin's numbers and the language only
  useEffect(() => {
    setText((current) => ({
      latitude:
        shown && parseDegrees(current.latitude) !== shown.latitude
          ? format(shown.latitude)
          : shown
            ? current.latitude
            : "",
      longitude:
        shown && parseDegrees(current.longitude) !== shown.longitude
          ? format(shown.longitude)
          : shown
            ? current.longitude
            : "",
    }));
  }, [shown?.latitude, shown?.longitude, locale]);

  const type = (field: "latitude" | "longitude", value: string) => {
    const next = { ...text, [field]: value };
    setText(next);
    const latitude = latitudeSchema.safeParse(parseDegrees(next.latitude));
    const longitude = longitudeSchema.safeParse(parseDegrees(next.longitude));
    setTypingError({
      latitude:
        next.latitude.trim() && !latitude.success ? translate("coordinates.latitude", locale) : undefined,
      longitude:
        next.longitude.trim() && !longitude.success ? translate("coordinates.longitude", locale) : undefined,
    });
    if (latitude.success && longitude.success) {
      picked.current = null;
      onPinChange({ latitude: latitude.data, longitude: longitude.data });
    }
  };

  return (
    <Stack gap="sm">
      <Box
        ref={container}
        className="pin-map"
        data-testid="position-map"
        role="region"
        aria-label={t("map.label")}
        aria-describedby="position-source"
      />
      <Text size="sm" c="dimmed" id="position-source" data-testid="position-source">
        {t(`map.source.${source}`)}
      </Text>
      <Grid gap="md" align="flex-end">
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t("map.latitude")}
            inputMode="decimal"
            value={text.latitude}
            error={typingError.latitude ?? errors.latitude}
            onChange={(e) => type("latitude", e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t("map.longitude")}
            inputMode="decimal"
            value={text.longitude}
            error={typingError.longitude ?? errors.longitude}
            onChange={(e) => type("longitude", e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Group>
            <Button
              variant="light"
              onClick={() => {
                picked.current = null;
                setTypingError({});
                onPinChange(derivedPin);
              }}
              disabled={!derivedPin || samePin(shown, derivedPin)}
            >
              {t("map.reset")}
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
