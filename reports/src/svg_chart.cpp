// The timing chart is drawn by hand as SVG text: a grouped horizontal bar chart needs a dozen element
// kinds, and drawing it here keeps the HTML report one file with no script and no charting library.
// Horizontal bars leave room for long case ids; the log scale keeps a 50 ns case and a 50 ms case on one
// chart.
#include <tessera/reports/svg_chart.hpp>
#include <tessera/reports/text.hpp>

#include "format.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace tessera::reports {
namespace {

// Distinguishable with the common colour-vision deficiencies; cycled past eight backends.
constexpr const char* palette[] = {"#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#7f7f7f", "#000000"};

struct chart_row {
  std::string case_id;
  std::vector<const conformance::case_timing*> timing;  // per run; nullptr: no timing there
  double slowest = 0;
};

using detail::fixed;

std::string px(double v) { return fixed(v, 1); }

// A power of ten of nanoseconds in the unit that fits: "1 ns", "100 ns", "1 µs", "10 ms", "1 s".
std::string decade_label(int decade) {
  if (decade < 0) return "1e" + std::to_string(decade) + " ns";
  static constexpr const char* units[] = {"ns", "µs", "ms", "s"};
  const int unit = std::min(decade / 3, 3);
  std::string mantissa = "1";
  mantissa.append(static_cast<std::size_t>(decade - 3 * unit), '0');
  return mantissa + " " + units[unit];
}

}  // namespace

std::string timing_chart_svg(const std::vector<conformance::run_results>& runs, const timing_chart_options& options) {
  // Every timed case, over all runs, in the order first seen.
  std::vector<chart_row> rows;
  std::map<std::string, std::size_t> row_of;
  for (std::size_t r = 0; r < runs.size(); ++r)
    for (const auto& c : runs[r].cases) {
      if (!c.timing || !(c.timing->median_ns > 0) || !std::isfinite(c.timing->median_ns)) continue;
      auto [it, added] = row_of.emplace(c.id, rows.size());
      if (added) rows.push_back(chart_row{c.id, std::vector<const conformance::case_timing*>(runs.size()), 0});
      chart_row& row = rows[it->second];
      row.timing[r] = &*c.timing;
      row.slowest = std::max(row.slowest, c.timing->median_ns);
    }
  const std::size_t timed_cases = rows.size();
  if (options.slowest_first)
    std::stable_sort(rows.begin(), rows.end(), [](const chart_row& a, const chart_row& b) { return a.slowest > b.slowest; });
  if (rows.size() > options.max_cases) rows.resize(options.max_cases);

  const double width = std::max(options.width, 480.0);
  const double left = 300, right = 72, top = 48, bottom = options.note.empty() ? 64 : 84;
  const double bar = 10, gap = 2, group_gap = 10;
  const std::size_t nb = std::max<std::size_t>(runs.size(), 1);
  const double group = nb * (bar + gap) - gap + group_gap;
  const double plot_w = width - left - right;
  const double plot_h = rows.empty() ? 40 : rows.size() * group;
  const double height = top + plot_h + bottom;

  std::string s;
  s += "<svg id=\"timing-chart\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"" + px(width) +
       "\" height=\"" + px(height) + "\" viewBox=\"0 0 " + px(width) + " " + px(height) +
       "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  s += "<title>" + html_escape(options.title.empty() ? "Median kernel time per case and backend (log scale)" : options.title) + "</title>\n";

  // Legend: one swatch per backend.
  double lx = left;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const std::string name = html_escape(runs[r].backend);
    s += "<g class=\"legend-item\"><rect x=\"" + px(lx) + "\" y=\"14\" width=\"12\" height=\"12\" fill=\"" +
         palette[r % std::size(palette)] + "\"/><text x=\"" + px(lx + 16) + "\" y=\"24\">" + name + "</text></g>\n";
    lx += 16 + 7.0 * runs[r].backend.size() + 24;
  }

  if (rows.empty()) {
    s += "<text x=\"" + px(left) + "\" y=\"" + px(top + 24) + "\">No case has timing samples in these runs.</text>\n</svg>\n";
    return s;
  }

  // Log scale over whole decades that hold every value.
  double lo = INFINITY, hi = 0;
  for (const auto& row : rows)
    for (const auto* t : row.timing)
      if (t) lo = std::min(lo, t->median_ns), hi = std::max(hi, t->median_ns);
  const int d0 = static_cast<int>(std::floor(std::log10(lo)));
  int d1 = static_cast<int>(std::ceil(std::log10(hi)));
  if (d1 <= d0) d1 = d0 + 1;
  const auto x_of = [&](double ns) { return left + (std::log10(ns) - d0) / (d1 - d0) * plot_w; };

  // Grid and ticks, one per decade.
  s += "<g class=\"axis x-axis\" stroke=\"#d0d4da\">\n";
  for (int d = d0; d <= d1; ++d) {
    const double x = left + double(d - d0) / (d1 - d0) * plot_w;
    s += "<line x1=\"" + px(x) + "\" y1=\"" + px(top) + "\" x2=\"" + px(x) + "\" y2=\"" + px(top + plot_h) + "\"/>\n";
    s += "<text stroke=\"none\" fill=\"#333\" text-anchor=\"middle\" x=\"" + px(x) + "\" y=\"" + px(top + plot_h + 16) +
         "\">" + html_escape(decade_label(d)) + "</text>\n";
  }
  s += "</g>\n";
  s += "<line stroke=\"#333\" x1=\"" + px(left) + "\" y1=\"" + px(top + plot_h) + "\" x2=\"" + px(left + plot_w) +
       "\" y2=\"" + px(top + plot_h) + "\"/>\n";
  s += "<line stroke=\"#333\" x1=\"" + px(left) + "\" y1=\"" + px(top) + "\" x2=\"" + px(left) + "\" y2=\"" +
       px(top + plot_h) + "\"/>\n";

  // Axis labels.
  s += "<text class=\"axis-label\" text-anchor=\"middle\" font-size=\"12\" x=\"" + px(left + plot_w / 2) + "\" y=\"" +
       px(top + plot_h + 40) + "\">" +
       html_escape(options.time_axis.empty() ? "median kernel time per case (log scale)" : options.time_axis) + "</text>\n";
  if (!options.note.empty())
    s += "<text class=\"note\" text-anchor=\"middle\" x=\"" + px(left + plot_w / 2) + "\" y=\"" + px(top + plot_h + 60) + "\">" +
         html_escape(options.note) + "</text>\n";
  const std::string shown = !options.case_axis.empty() ? options.case_axis
                            : rows.size() < timed_cases
                                ? "case (the " + std::to_string(rows.size()) + " slowest of " + std::to_string(timed_cases) + ")"
                                : "case (slowest first)";
  s += "<text class=\"axis-label\" text-anchor=\"middle\" font-size=\"12\" transform=\"translate(14 " +
       px(top + plot_h / 2) + ") rotate(-90)\">" + html_escape(shown) + "</text>\n";

  // Bars, one group per case.
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const chart_row& row = rows[i];
    const double y0 = top + i * group + group_gap / 2;
    const double mid = y0 + (nb * (bar + gap) - gap) / 2;
    s += "<g class=\"case\">\n<text text-anchor=\"end\" dominant-baseline=\"middle\" x=\"" + px(left - 6) + "\" y=\"" +
         px(mid) + "\"><title>" + html_escape(row.case_id) + "</title>" + html_escape(shorten(clean_text(row.case_id), 44)) +
         "</text>\n";
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const conformance::case_timing* t = row.timing[r];
      if (!t) continue;
      const double y = y0 + r * (bar + gap);
      const double w = std::max(1.0, x_of(t->median_ns) - left);
      s += "<rect class=\"bar\" data-backend=\"" + html_escape(runs[r].backend) + "\" data-case=\"" +
           html_escape(row.case_id) + "\" x=\"" + px(left) + "\" y=\"" + px(y) + "\" width=\"" + px(w) + "\" height=\"" +
           px(bar) + "\" fill=\"" + palette[r % std::size(palette)] + "\"><title>" +
           html_escape(row.case_id + " on " + runs[r].backend + ": median " + detail::format_ns(t->median_ns) + " (min " +
                       detail::format_ns(t->min_ns) + ", max " + detail::format_ns(t->max_ns) + ", " +
                       std::to_string(t->samples_ns.size()) + " samples)") +
           "</title></rect>\n";
      s += "<text class=\"value\" fill=\"#333\" font-size=\"9\" dominant-baseline=\"middle\" x=\"" + px(left + w + 4) +
           "\" y=\"" + px(y + bar / 2) + "\">" + html_escape(detail::format_ns(t->median_ns)) + "</text>\n";
    }
    s += "</g>\n";
  }
  s += "</svg>\n";
  return s;
}

}  // namespace tessera::reports
