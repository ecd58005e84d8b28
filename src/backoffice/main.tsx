import { addCatalogue, loadScreensCatalogue } from "@/shared/i18n/i18n";
import { boot } from "@/shared/ui/providers";
import { BackofficeApp } from "./app";
import { loadBackofficeCatalogue } from "./catalogue";
import "@/shared/ui/theme.css";
import "./backoffice.css";

addCatalogue(loadScreensCatalogue);
addCatalogue(loadBackofficeCatalogue);
void boot(<BackofficeApp />);
