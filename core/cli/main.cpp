// gpu-sizer: the native door. The only file under core/ that does I/O; everything it prints comes from
// the same pure functions the WASM module calls.
//
//   gpu-sizer evaluate FILE|-            response JSON; exit 0 ok, 2 rejected, 1 internal error
//   gpu-sizer catalog                    the bundled catalog as one JSON object
//   gpu-sizer vocabulary                 every id list the request accepts and the response uses, labelled
//   gpu-sizer validate-catalog PATH      a catalog file or folder: exit 0 valid, 2 with every problem
//   --catalog PATH                       evaluate against another catalog (file or folder) instead
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "../embedded_catalog.hpp"
#include "../json_io.hpp"

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

sizer::Catalog load(const std::vector<std::string>& texts, sizer::Issues& errors) {
  std::vector<std::string_view> views(texts.begin(), texts.end());
  sizer::Issues warnings;
  return sizer::load_catalog_texts(views, errors, warnings);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string catalog_path;
  if (args.size() >= 2 && args[0] == "--catalog") {
    catalog_path = args[1];
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) return usage();

  std::vector<std::string> catalog_texts;
  if (catalog_path.empty()) {
    for (auto text : sizer::embedded_catalog_files()) catalog_texts.emplace_back(text);
  } else {
    std::string problem;
    if (!read_catalog_texts(catalog_path, catalog_texts, problem)) {
      std::cerr << "gpu-sizer: " << problem << "\n";
      return 1;
    }
  }

  const std::string& command = args[0];
  if (command == "evaluate" && args.size() == 2) {
    std::string text;
    if (!read_file(args[1], text)) {
      std::cerr << "gpu-sizer: cannot read " << args[1] << "\n";
      return 1;
    }
    sizer::Issues catalog_errors;
    const sizer::Catalog catalog = load(catalog_texts, catalog_errors);
    if (!catalog_errors.empty()) {
      std::cout << sizer::dump_json({{"ok", false}, {"errors", sizer::issues_to_json(catalog_errors)}}, 2) << "\n";
      return 1;
    }
    const sizer::json response = sizer::evaluate_text(text, catalog);
    std::cout << sizer::dump_json(response, 2) << "\n";
    return response["ok"].get<bool>() ? 0 : 2;
  }
  if (command == "vocabulary" && args.size() == 1) {
    std::cout << sizer::dump_json(sizer::vocabulary_json(), 2) << "\n";
    return 0;
  }
  if (command == "catalog" && args.size() == 1) {
    sizer::Issues errors;
    const sizer::Catalog catalog = load(catalog_texts, errors);
    std::cout << sizer::dump_json(catalog.document, 2) << "\n";
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
