// Names for simulated app customers: common German first names and surnames (and a few that
// Germany's many families of other origins bring), so demo lists read like a real shop's.

export const FIRST_NAMES = (
  "Anna Lena Laura Julia Sarah Lisa Hannah Lea Marie Sophie Katharina Johanna Emma Mia Clara Paula " +
  "Charlotte Nina Sabine Petra Monika Claudia Andrea Stefanie Nicole Melanie Jana Franziska Miriam " +
  "Carina Elif Ayşe Zeynep Natalia Aleksandra Giulia Ingrid Ursula Renate Heike Lukas Leon Jonas " +
  "Felix Paul Maximilian Tim Jan Niklas Moritz Alexander Daniel David Tobias Florian Sebastian " +
  "Philipp Simon Julian Fabian Thomas Michael Andreas Stefan Christian Markus Matthias Frank " +
  "Jürgen Uwe Emre Mehmet Can Luca Marco Piotr Dimitri Karl Wolfgang Klaus"
).split(" ");

export const SURNAMES = (
  "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer " +
  "Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange " +
  "Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter " +
  "Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Schubert Vogel Friedrich " +
  "Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann Franke Albrecht Schuster Simon " +
  "Ludwig Böhm Winter Kraus Martin Yılmaz Kaya Demir Nowak Kowalski Rossi Popović Ivanov Nguyen " +
  "Papadopoulos"
).split(" ");

/** ASCII for an email's local part: umlauts spelled out, other accents dropped. */
export function emailPart(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/ı/g, "i")
    .normalize("NFD")
    .replace(/[^a-z]/g, "");
}
