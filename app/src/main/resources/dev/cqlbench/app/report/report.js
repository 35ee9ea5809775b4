// Draws the charts the page declares (data island #cqlbench-charts) with Chart.js, then records on the status
// element how many charts drew pixels (report-errors.js records errors there).
(function () {
  var status = document.getElementById('cqlbench-status');

  var palette = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563',
    '#65a30d', '#9333ea', '#0f766e', '#b45309'];

  // confidence intervals: dataset.ci[i] = [lower, upper], drawn along the value axis at each bar or point: up the y
  // axis for bars and curves (whiskers), across the x axis for a forest plot's rows
  function intervals(id, across) {
    return {
      id: id,
      afterDatasetsDraw: function (chart) {
        var ctx = chart.ctx, scale = across ? chart.scales.x : chart.scales.y, area = chart.chartArea;
        chart.data.datasets.forEach(function (ds, i) {
          var meta = chart.getDatasetMeta(i);
          if (!ds.ci || meta.hidden) { return; }
          meta.data.forEach(function (el, j) {
            var ci = ds.ci[j];
            if (!ci || (across && !(ci[0] > 0 && ci[1] > 0))) { return; }
            var lo = scale.getPixelForValue(ci[0]), hi = scale.getPixelForValue(ci[1]), at = across ? el.y : el.x;
            ctx.save();
            // a logarithmic axis or a log-scale interval may still reach past the plot: it stops at the edge
            ctx.beginPath();
            ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
            ctx.clip();
            ctx.strokeStyle = across ? ds.borderColor : '#111827';
            ctx.lineWidth = across ? 2 : 1.2;
            ctx.beginPath();
            if (across) {
              ctx.moveTo(lo, at); ctx.lineTo(hi, at);
              ctx.moveTo(lo, at - 4); ctx.lineTo(lo, at + 4);
              ctx.moveTo(hi, at - 4); ctx.lineTo(hi, at + 4);
            } else {
              ctx.moveTo(at, lo); ctx.lineTo(at, hi);
              ctx.moveTo(at - 4, lo); ctx.lineTo(at + 4, lo);
              ctx.moveTo(at - 4, hi); ctx.lineTo(at + 4, hi);
            }
            ctx.stroke();
            ctx.restore();
          });
        });
      }
    };
  }
  var whiskers = intervals('cqlbenchWhiskers', false);
  var bars = intervals('cqlbenchForest', true);

  function percentileTick(value) {
    var exponent = Math.log10(value);
    if (value !== 2 && Math.abs(exponent - Math.round(exponent)) > 1e-9) { return ''; }
    var p = 100 * (1 - 1 / value);
    return (p >= 99 ? p.toFixed(Math.max(0, Math.round(exponent) - 2)) : p.toFixed(0)) + '%';
  }

  function number(value) {
    var v = Number(value);
    if (Math.abs(v) >= 1e6) { return (v / 1e6).toFixed(1) + 'M'; }
    if (Math.abs(v) >= 1e4) { return (v / 1e3).toFixed(0) + 'k'; }
    return String(Math.round(v * 100) / 100);
  }

  var specs = JSON.parse(document.getElementById('cqlbench-charts').textContent);
  var drawn = [];
  specs.forEach(function (spec) {
    var canvas = document.getElementById(spec.id);
    var config = spec.config;
    config.data.datasets.forEach(function (ds, i) {
      var color = palette[i % palette.length];
      ds.borderColor = ds.borderColor || color;
      ds.backgroundColor = ds.backgroundColor || (config.type === 'bar' ? color + 'cc' : color);
      if (config.type === 'line') { ds.pointRadius = ds.pointRadius === undefined ? 2 : ds.pointRadius; ds.borderWidth = 1.6; }
    });
    var options = config.options;
    options.animation = false;
    options.responsive = true;
    options.maintainAspectRatio = false;
    Object.keys(options.scales).forEach(function (axis) {
      var scale = options.scales[axis];
      scale.ticks = scale.ticks || {};
      if (spec.percentileAxis === axis) {
        scale.ticks.callback = percentileTick;
        scale.ticks.autoSkip = false;
      } else if (scale.type !== 'category') {
        scale.ticks.callback = number;
      }
    });
    if (spec.forest) {
      // one tick per row, named; the ratio axis in plain numbers
      var rows = spec.forest;
      options.scales.y.afterBuildTicks = function (axis) {
        axis.ticks = rows.map(function (label, i) { return { value: i }; });
      };
      options.scales.y.ticks.callback = function (value) { return rows[value] || ''; };
      options.scales.y.ticks.autoSkip = false;
      options.scales.x.ticks.callback = function (value) {
        var e = Math.log10(value), m = value / Math.pow(10, Math.floor(e));
        return (Math.abs(m - 1) < 1e-9 || Math.abs(m - 2) < 1e-9 || Math.abs(m - 5) < 1e-9) ? String(value) : '';
      };
      options.plugins.tooltip = { callbacks: { label: function (item) {
        var ci = item.dataset.ci[item.dataIndex];
        return rows[item.raw.y] + ': ' + item.raw.x.toFixed(3)
          + (ci ? ' (' + ci[0].toFixed(3) + '…' + ci[1].toFixed(3) + ')' : '');
      } } };
    }
    if (spec.whiskers && options.scales.y) {
      // the axis reaches the highest whisker, so every interval is drawn whole
      var top = 0;
      config.data.datasets.forEach(function (ds) {
        (ds.ci || []).forEach(function (ci) { if (ci && isFinite(ci[1])) { top = Math.max(top, ci[1]); } });
      });
      if (top > 0) { options.scales.y.suggestedMax = top * 1.05; }
    }
    drawn.push({ spec: spec, canvas: canvas, chart: new Chart(canvas, { type: config.type, data: config.data,
      options: options, plugins: spec.forest ? [bars] : spec.whiskers ? [whiskers] : [] }) });
  });

  // a chart counts as drawn when its plot area holds pixels of its data's colours (axes, grid and the legend, which
  // is outside the plot area, do not count)
  function rgb(hex) {
    return [parseInt(hex.substr(1, 2), 16), parseInt(hex.substr(3, 2), 16), parseInt(hex.substr(5, 2), 16)];
  }
  var rendered = 0;
  drawn.forEach(function (d) {
    var colors = [];
    d.chart.data.datasets.forEach(function (ds) {
      var full = rgb(String(ds.borderColor));
      colors.push(full); // lines and points
      colors.push(full.map(function (v) { return Math.round(v * 0.8 + 255 * 0.2); })); // bars: colour + 'cc' on white
    });
    var c = d.canvas, area = d.chart.chartArea, scale = c.width / c.clientWidth;
    var left = Math.floor(area.left * scale), top = Math.floor(area.top * scale);
    var width = Math.max(1, Math.floor((area.right - area.left) * scale));
    var height = Math.max(1, Math.floor((area.bottom - area.top) * scale));
    var pixels = c.getContext('2d').getImageData(left, top, width, height).data, hits = 0;
    for (var i = 0; i < pixels.length && hits < 20; i += 4) {
      if (pixels[i + 3] < 200) { continue; }
      for (var k = 0; k < colors.length; k++) {
        var want = colors[k];
        if (Math.abs(pixels[i] - want[0]) <= 8 && Math.abs(pixels[i + 1] - want[1]) <= 8
            && Math.abs(pixels[i + 2] - want[2]) <= 8) { hits++; break; }
      }
    }
    if (hits >= 20) { rendered++; }
  });
  // what each forest plot drew, read back from the chart: each point's row label, value and pixel, and the ratio
  // axis's pixels at 1 and 10, so a test can place a value on the axis without trusting the chart's data
  var forests = {};
  drawn.forEach(function (d) {
    if (!d.spec.forest) { return; }
    var x = d.chart.scales.x, points = [];
    d.chart.data.datasets.forEach(function (ds, i) {
      d.chart.getDatasetMeta(i).data.forEach(function (el, j) {
        points.push({ dataset: ds.label, label: d.spec.forest[ds.data[j].y], px: el.x, py: el.y });
      });
    });
    forests[d.spec.id] = { at1: x.getPixelForValue(1), at10: x.getPixelForValue(10), points: points };
  });
  status.setAttribute('data-forests', JSON.stringify(forests));
  status.setAttribute('data-charts', String(specs.length));
  status.setAttribute('data-rendered', String(rendered));
  status.setAttribute('data-done', 'true');
}());
