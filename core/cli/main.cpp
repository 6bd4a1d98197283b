// gpu-sizer: the native door. The only file under core/ that does I/O; everything it prints comes from
// the same pure functions the WASM module calls.
//
//   gpu-sizer evaluate FILE|-            response JSON; exit 0 ok, 2 rejected, 1 internal error
//   gpu-sizer catalog                    the bundled catalog as one JSON object
//   gpu-sizer vocabulary                 every id list the request accepts and the response uses, labelled
//   gpu-sizer validate-catalog PATH      a catalog file or folder: exit 0 valid, 2 with every problem
//   gpu-sizer evaluate-batch FILE|-      one {"request": ..., "tunables": {name: multiplier}} a line in,
//                                        one response a line out (scripts/accuracy.js; exit 0 unless unreadable)
//   gpu-sizer tunables                   the calibrated constants --tunables may scale (core/tunables.hpp)
//   --catalog PATH                       evaluate against another catalog (file or folder) instead
//   --tunables FILE                      JSON {name: multiplier}: scale calibrated constants (accuracy refits)
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../embedded_catalog.hpp"
#include "../json_io.hpp"
#include "../json_read.hpp"
#include "../tunables.hpp"

namespace {

namespace fs = std::filesystem;

bool read_file(const std::string& path, std::string& out) {
  if (path == "-") {
    out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// A catalog path is a file, or a folder whose *.json files (except schema.json) are merged in name order.
bool read_catalog_texts(const std::string& path, std::vector<std::string>& texts, std::string& problem) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      if (entry.path().extension() == ".json" && entry.path().filename() != "schema.json") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
      problem = "no .json files in " + path;
      return false;
    }
    for (const auto& file : files) {
      std::string text;
      if (!read_file(file.string(), text)) {
        problem = "cannot read " + file.string();
        return false;
      }
      texts.push_back(std::move(text));
    }
    return true;
  }
  std::string text;
  if (!read_file(path, text)) {
    problem = "cannot read " + path;
    return false;
  }
  texts.push_back(std::move(text));
  return true;
}

int usage() {
  std::cerr << "usage: gpu-sizer [--catalog PATH] evaluate FILE|-\n"
               "       gpu-sizer catalog\n"
               "       gpu-sizer vocabulary\n"
               "       gpu-sizer validate-catalog PATH\n";
  return 1;
}

// Reads {name: multiplier} into `out`; a problem string when it is not such an object.
std::string read_multipliers(const sizer::json& object, std::map<std::string, double>& out) {
  if (!object.is_object()) return "tunables must be a JSON object of name: multiplier";
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (!it.value().is_number()) return "the multiplier of \"" + it.key() + "\" must be a number";
    out[it.key()] = it.value().get<double>();
  }
  return "";
}

// The catalog the texts hold (--catalog), or with none the built-in one (decoded, no JSON parse).
sizer::Catalog load(const std::vector<std::string>& texts, sizer::Issues& errors) {
  if (texts.empty()) return sizer::builtin_catalog();
  std::vector<std::string_view> views(texts.begin(), texts.end());
  sizer::Issues warnings;
  return sizer::load_catalog_texts(views, errors, warnings);
}

// The file an argument names (- for standard input); says why on stderr when it cannot be read.
bool read_input(const std::string& path, std::string& text) {
  if (read_file(path, text)) return true;
  std::cerr << "gpu-sizer: cannot read " << path << "\n";
  return false;
}

// The catalog an evaluation runs against; nothing (after printing its errors as a response, indented by
// `indent` as the command's other output) when it does not load.
std::optional<sizer::Catalog> load_or_report(const std::vector<std::string>& texts, int indent) {
  sizer::Issues errors;
  sizer::Catalog catalog = load(texts, errors);
  if (errors.empty()) return catalog;
  std::cout << sizer::dump_json({{"ok", false}, {"errors", sizer::issues_to_json(errors)}}, indent) << "\n";
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string catalog_path;
  if (args.size() >= 2 && args[0] == "--catalog") {
    catalog_path = args[1];
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.size() >= 2 && args[0] == "--tunables") {
    std::string text;
    sizer::Issues errors;
    std::map<std::string, double> wanted;
    if (!read_input(args[1], text)) return 1;
    const std::optional<sizer::json> document = sizer::parse_json_text(text, errors);
    std::string problem = document ? read_multipliers(*document, wanted) : "tunables file is not JSON";
    if (problem.empty()) problem = sizer::set_tunable_multipliers(wanted);
    if (!problem.empty()) {
      std::cerr << "gpu-sizer: " << problem << "\n";
      return 1;
    }
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) return usage();

  std::vector<std::string> catalog_texts;
  if (!catalog_path.empty()) {
    std::string problem;
    if (!read_catalog_texts(catalog_path, catalog_texts, problem)) {
      std::cerr << "gpu-sizer: " << problem << "\n";
      return 1;
    }
  }

  const std::string& command = args[0];
  if (command == "evaluate" && args.size() == 2) {
    std::string text;
    if (!read_input(args[1], text)) return 1;
    const std::optional<sizer::Catalog> catalog = load_or_report(catalog_texts, 2);
    if (!catalog) return 1;
    const sizer::json response = sizer::evaluate_text(text, *catalog);
    std::cout << sizer::dump_json(response, 2) << "\n";
    return response["ok"].get<bool>() ? 0 : 2;
  }
  if (command == "evaluate-batch" && args.size() == 2) {
    std::string text;
    if (!read_input(args[1], text)) return 1;
    const std::optional<sizer::Catalog> catalog = load_or_report(catalog_texts, -1);
    if (!catalog) return 1;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      sizer::Issues errors;
      const std::optional<sizer::json> item = sizer::parse_json_text(line, errors, 1u << 20);
      std::map<std::string, double> wanted;
      std::string problem = !item ? "the line is not JSON" : !item->is_object() || !item->contains("request")
                                                                 ? "each line needs {\"request\": ...}"
                                                                 : "";
      if (problem.empty() && item->contains("tunables")) problem = read_multipliers((*item)["tunables"], wanted);
      if (problem.empty()) problem = sizer::set_tunable_multipliers(wanted);
      if (!problem.empty()) {
        std::cout << sizer::dump_json({{"ok", false},
                                       {"errors", sizer::json::array({{{"code", "bad_batch_line"}, {"path", ""},
                                                                       {"message", problem}}})}})
                  << "\n";
        continue;
      }
      const std::string request_text = sizer::dump_json((*item)["request"]);
      // The core's compact text is what dump_json would print (json_io_test), without a parse and a dump.
      std::cout << sizer::evaluate_to_text(request_text, *catalog) << "\n";
    }
    return 0;
  }
  if (command == "tunables" && args.size() == 1) {
    sizer::json names = sizer::json::array();
    for (const std::string& name : sizer::tunable_names()) names.push_back(name);
    std::cout << sizer::dump_json(names, 2) << "\n";
    return 0;
  }
  if (command == "vocabulary" && args.size() == 1) {
    std::cout << sizer::dump_json(sizer::vocabulary_json(), 2) << "\n";
    return 0;
  }
  if (command == "catalog" && args.size() == 1) {
    sizer::Issues errors;
    const sizer::Catalog catalog = load(catalog_texts, errors);
    std::cout << sizer::dump_json(catalog.document(), 2) << "\n";
    return errors.empty() ? 0 : 2;
  }
  if (command == "validate-catalog" && args.size() == 2) {
    std::vector<std::string> texts;
    std::string problem;
    if (!read_catalog_texts(args[1], texts, problem)) {
      std::cout << sizer::dump_json({{"ok", false},
                                     {"errors", sizer::json::array({{{"code", "unreadable"}, {"path", ""},
                                                                     {"message", problem}}})}},
                                    2)
                << "\n";
      return 2;
    }
    sizer::Issues errors;
    sizer::Issues warnings;
    std::vector<std::string_view> views(texts.begin(), texts.end());
    const sizer::Catalog catalog = sizer::load_catalog_texts(views, errors, warnings);
    sizer::json out = {{"ok", errors.empty()},
                       {"errors", sizer::issues_to_json(errors)},
                       {"warnings", sizer::issues_to_json(warnings)},
                       {"counts",
                        {{"gpus", catalog.gpus.size()},
                         {"providers", catalog.providers.size()},
                         {"offerings", catalog.offerings.size()},
                         {"models", catalog.models.size()}}}};
    std::cout << sizer::dump_json(out, 2) << "\n";
    return errors.empty() ? 0 : 2;
  }
  return usage();
}
